import { playEveryMapOf } from './corpus-games.js';

playEveryMapOf('mila-maps');
