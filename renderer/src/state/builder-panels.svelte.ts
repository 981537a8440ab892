/** Which builder panel the campaign page shows (one at a time, like the simulation panel). */
export type BuilderPanel =
  { kind: 'new' } | { kind: 'settings'; encounterId: string } | { kind: 'compare'; a: string; b: string }

/** The campaign page's open builder panel, shared by the toolbar and the encounter cards. */
export class BuilderPanels {
  open = $state.raw<BuilderPanel | null>(null)

  /** Opens `panel`, or closes it when the same one is open already (the buttons toggle). */
  toggle(panel: BuilderPanel): void {
    const same = this.open && JSON.stringify(this.open) === JSON.stringify(panel)
    this.open = same ? null : panel
  }

  close(): void {
    this.open = null
  }
}
