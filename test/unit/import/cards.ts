/** Cards and lorebooks built in code, each carrying every field its spec defines plus unknown extensions. */

export const UNKNOWN_EXTENSIONS = {
  talkativeness: '0.7',
  depth_prompt: { prompt: 'Stay wry.', depth: 4, role: 'system' },
  some_tool: { nested: [1, 2, { deep: true }] },
};

const BOOK = {
  name: 'Harbour Lore',
  description: 'What the harbour knows.',
  scan_depth: 4,
  token_budget: 512,
  recursive_scanning: false,
  extensions: { book_tool: 'kept' },
  entries: [
    {
      keys: ['lighthouse', 'the light'],
      content: 'The lighthouse has been dark for a year.',
      extensions: { position: 0, selectiveLogic: 3 },
      enabled: true,
      insertion_order: 50,
      case_sensitive: false,
      name: 'Lighthouse',
      priority: 10,
      id: 1,
      comment: 'public',
      selective: true,
      secondary_keys: ['dark', 'lamp'],
      constant: false,
      position: 'before_char',
    },
    {
      keys: ['debt'],
      content: 'Mara owes the smugglers forty crowns.',
      extensions: {},
      enabled: true,
      insertion_order: 100,
      name: 'Mara’s debt',
      comment: 'secret',
      constant: true,
    },
    { keys: ['old'], content: 'An entry switched off.', extensions: {}, enabled: false, insertion_order: 100 },
  ],
};

export const V2_DATA = {
  name: 'Mara Quill',
  description: 'A weathered harbourmaster.  ',
  personality: 'Dry, exact, kind underneath.',
  scenario: 'A stormy night at the quay.',
  first_mes: '*Mara looks up.* "You’re late."',
  mes_example: '<START>\n{{user}}: Hello.\n{{char}}: "Hm."\n<START>\n{{char}}: "Tide’s turning."',
  creator_notes: 'Best with slow pacing.',
  system_prompt: 'You are {{char}}.',
  post_history_instructions: 'Keep replies short.',
  alternate_greetings: ['"Again?"', '*She sighs.*'],
  character_book: BOOK,
  tags: ['harbour', 'mystery'],
  creator: 'Test Author',
  character_version: '1.2',
  extensions: UNKNOWN_EXTENSIONS,
};

export const V2_CARD = { spec: 'chara_card_v2', spec_version: '2.0', data: V2_DATA };

export const V3_CARD = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    ...V2_DATA,
    name: 'Mara Quill V3',
    nickname: 'Quill',
    creator_notes_multilingual: { fr: 'Lent.' },
    source: ['https://example.org/mara'],
    group_only_greetings: ['"All of you?"'],
    creation_date: 1700000000,
    modification_date: 1700000100,
    assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }],
  },
};

export const V1_CARD = {
  name: 'Old Tom',
  description: 'A fisherman.',
  personality: 'Gruff.',
  scenario: 'The pier at dawn.',
  first_mes: 'Morning.',
  mes_example: '<START>\n{{char}}: "Fish are biting."',
};

export const WORLD_INFO = {
  entries: {
    '0': {
      uid: 0,
      key: ['quay', 'docks'],
      keysecondary: ['night'],
      comment: 'The quay',
      content: 'The quay smells of tar.',
      constant: false,
      selective: true,
      selectiveLogic: 2,
      order: 90,
      position: 0,
      disable: false,
    },
    '1': {
      uid: 1,
      key: ['bell'],
      keysecondary: [],
      comment: '',
      content: 'A bell rings at midnight.',
      constant: true,
      selective: false,
      order: 100,
      disable: false,
    },
    '2': {
      uid: 2,
      key: ['ghost'],
      keysecondary: [],
      comment: '',
      content: 'No one speaks of it.',
      constant: false,
      selective: false,
      order: 100,
      disable: true,
    },
    '3': {
      uid: 3,
      key: [],
      keysecondary: [],
      comment: 'Empty',
      content: '',
      constant: false,
      selective: false,
      order: 100,
      disable: false,
    },
  },
};

export const LOREBOOK_V3 = { spec: 'lorebook_v3', data: { ...BOOK, name: 'Quay Book' } };
