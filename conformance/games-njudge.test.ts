import { playEveryMapOf } from './corpus-games.js';

playEveryMapOf('njudge');
