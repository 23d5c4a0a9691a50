/** What the checker remembers of a game between sweeps, kept in the deadline index (a status file has no place for it). */
export interface Memory {
  /** When the game entered its current state in the main status file, as far as the checker saw. */
  readonly stateSince: number;
  /** The last daily reminder to the Master (status-file errors, forming or waiting). */
  readonly remindedAt: number | null;
  /** The last WARN time players were reminded at. */
  readonly warnedAt: number | null;
  /** The last CIVIL_PREVIEW preview sent to the Master. */
  readonly previewedAt: number | null;
  readonly keeperAlertedAt: number | null;
}

export const DAY_MS = 86_400_000;
