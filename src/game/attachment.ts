/**
 * A file sent with a notice or a reply (the board's picture). Plain data, because what a mail
 * command did is recorded as JSON and replayed after a crash: binary files travel as base64 text.
 */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: string;
  /** `utf8`: `content` is the file's text (an SVG); `base64`: the file's bytes (a PNG). */
  readonly encoding: 'utf8' | 'base64';
}
