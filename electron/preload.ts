import { contextBridge, ipcRenderer } from 'electron';
import { createEngineClient } from '../engine/api/client.ts';
import { createIpcTransport } from '../engine/api/transports/ipc.ts';
import { createDesktopClient, subscribeMenu, type MenuCommand } from './shell-api.ts';

// The renderer gets the typed EngineApi client (generated from the handler map), the menu commands, and the desktop
// calls (API key, file dialogs). Nothing else crosses: no ipcRenderer, no Node.
const connection = createEngineClient(createIpcTransport(ipcRenderer));
contextBridge.exposeInMainWorld('storyloom', {
  api: connection.api,
  subscribe: connection.subscribe,
  onMenu: (listener: (command: MenuCommand) => void) => subscribeMenu(ipcRenderer, listener),
  desktop: createDesktopClient(ipcRenderer),
});
