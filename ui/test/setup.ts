import { clearMocks } from '@tauri-apps/api/mocks';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { installLinkGuard } from '../src/links';
import '../src/styles.css';
import { resetState, sleep, unmount } from './helpers';

// As main.tsx does in the app: the document-level backstop against navigation.
let removeGuard: () => void = () => {};

beforeEach(() => {
  resetState();
  removeGuard = installLinkGuard(document);
});

afterEach(() => {
  unmount();
  removeGuard();
  clearMocks();
  document.body.innerHTML = '';
});

// Preact runs effects after paint (a frame or a short timer): let the last
// ones fire before the file's jsdom is torn down, or they find no document.
afterAll(async () => {
  await sleep(200);
});
