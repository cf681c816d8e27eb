import { contextBridge, ipcRenderer } from 'electron';
import { createEngineClient } from '../engine/api/client.ts';
import { createIpcTransport } from '../engine/api/transports/ipc.ts';

// The renderer gets exactly one thing: the typed EngineApi client, generated from the handler map.
const connection = createEngineClient(createIpcTransport(ipcRenderer));
contextBridge.exposeInMainWorld('storyloom', { api: connection.api, subscribe: connection.subscribe });
