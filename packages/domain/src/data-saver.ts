// Data saver (docs/decisions/0034-weight-budget-and-data-saver.md): what counts as a browser asking for it. The web
// app renders by it and the server's page cache keeps such pages apart by it, so both read the header one way.

/** Whether a `Save-Data` header value asks to save data (`on`, in any case, spaces around allowed). */
export function asksToSaveData(header: string | null | undefined): boolean {
  return (header ?? '').trim().toLowerCase() === 'on'
}
