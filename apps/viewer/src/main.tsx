import '@sabaki/shudan/css/goban.css';
import './styles.css';
import { render } from 'preact';
import { App } from './ui/App';

render(<App />, document.getElementById('app') as HTMLElement);
