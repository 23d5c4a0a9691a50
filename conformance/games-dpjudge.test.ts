import { playEveryMapOf } from './corpus-games.js';

playEveryMapOf('dpjudge/maps');
