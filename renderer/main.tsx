import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connect } from './connection.ts';
import { createStores } from './stores/index.ts';
import { StoresContext } from './shell/stores-context.tsx';
import { App } from './shell/App.tsx';
import { Unavailable } from './shell/Unavailable.tsx';
import './styles/base.css';
import './styles/library.css';
import './styles/play.css';
import './styles/debug.css';
import './styles/truth.css';
import './styles/storykeeper.css';
import './styles/chronicle.css';
import './styles/models.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');
const connection = connect();
const stores = connection === null ? null : createStores(connection);
createRoot(container).render(
  <StrictMode>
    {stores === null ? (
      <Unavailable />
    ) : (
      <StoresContext value={stores}>
        <App />
      </StoresContext>
    )}
  </StrictMode>,
);
