/**
 * Stands between the bus and one stream. When a revocation of the stream's account is announced
 * (`access.revoked`, from any instance), everything after it is held while the stream's caller is
 * asked again whether they may listen: no event written after the revocation reaches a caller who lost
 * access, and the stream ends at once instead of at its next heartbeat. A revocation announced while
 * one is being checked is checked again, as the first check may have read before it committed.
 */
export class AccessGate {
  private held: Array<() => void> | null = null;
  private checking = false;
  private again = false;
  private denied = false;

  constructor(
    private readonly isStillAllowed: () => Promise<boolean>,
    private readonly end: () => void,
  ) {}

  /** Runs `write` now, or once the check under way allows it (never, if it does not). */
  pass(write: () => void): void {
    if (this.denied) return;
    if (this.held) this.held.push(write);
    else write();
  }

  /** Holds what follows until the caller is allowed again; ends the stream when not (or when the store cannot tell). */
  recheck(): void {
    if (this.denied) return;
    this.held ??= [];
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = true;
    void this.run();
  }

  private async run(): Promise<void> {
    let allowed: boolean;
    do {
      this.again = false;
      // Unlike the heartbeat, a revocation was announced: when the store cannot answer, the stream ends
      // (the browser reconnects, and the new stream is authorised from scratch).
      allowed = await this.isStillAllowed().catch(() => false);
    } while (allowed && this.again);
    this.checking = false;
    const held = this.held ?? [];
    this.held = null;
    if (!allowed) {
      this.denied = true;
      this.end();
      return;
    }
    for (const write of held) write();
  }
}
