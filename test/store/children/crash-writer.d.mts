import type { GameStatus } from '../../../src/status/index.js';

export function versionOf(game: GameStatus, k: number): GameStatus;
export function versionNumberOf(deadline: string): number;
