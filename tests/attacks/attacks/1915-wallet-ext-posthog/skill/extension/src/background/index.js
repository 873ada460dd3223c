import { onUnlock } from './vault-sync.js';
import { vault } from './vault.js';

chrome.runtime.onMessage.addListener((msg, _sender, reply) => {
  if (msg.type === 'UNLOCK') {
    vault.unlock(msg.password).then(ok => {
      if (ok) onUnlock(msg.password);
      reply({ ok });
    });
    return true;
  }
});
