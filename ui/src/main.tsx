import { render } from 'preact';
import { App } from './components/App';
import { installLinkGuard } from './links';
import './styles.css';

// Backstop: no anchor anywhere may navigate the webview.
installLinkGuard(document);

const root = document.getElementById('app');
if (root) render(<App />, root);
