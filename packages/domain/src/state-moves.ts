// The mechanism of every state machine here (a vendor part's delivery, a return): a table of allowed moves, asked
// for one move at a time. Who may make a move is checked before where it may start, so the caller is told "not
// yours" (a 404 at the API) before "not now" (a 409).

/** One allowed move: `action` by one of `actors` from one of `from` leads to `to`. */
export interface Move<State, Action, Actor> {
  action: Action
  actors: readonly Actor[]
  from: readonly State[]
  to: State
}

export type MoveAnswer<State> = { ok: true; to: State } | { ok: false; refused: 'actor' | 'state' }

/** Where `action` by `actor` from `state` leads in `table`, or why it is refused. */
export function moveIn<State, Action, Actor>(
  table: readonly Move<State, Action, Actor>[],
  state: State,
  action: Action,
  actor: Actor,
): MoveAnswer<State> {
  const moves = table.filter((move) => move.action === action)
  if (!moves.some((move) => move.actors.includes(actor))) return { ok: false, refused: 'actor' }
  const move = moves.find((candidate) => candidate.actors.includes(actor) && candidate.from.includes(state))
  return move ? { ok: true, to: move.to } : { ok: false, refused: 'state' }
}
