/**
 * `PRAGMA application_id` of every Storyloom save: the ASCII bytes "SLOM". It sits at offset 68 of the SQLite
 * header, so a foreign SQLite file is recognised from its first 100 bytes without ever opening it.
 */
export const STORYLOOM_APPLICATION_ID = 0x534c4f4d;

/** Saves are `*.storyloom` files in the saves folder. */
export const SAVE_FILE_EXTENSION = '.storyloom';

/** Suffix of a save being built (create, fork, export); such files are never listed and never opened as saves. */
export const PARTIAL_FILE_SUFFIX = '.partial';
