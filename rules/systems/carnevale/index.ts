// Carnevale (TTCombat) as the fifth engine plug-in: shared/rules/carnevale.md, from the Spanish summary
// shared/rules-texts/carnevale-acciones.txt, played on the inches board (rules/core/inches). The dice and
// resolution math (dice, protection, combat, grapple, drown, disengage, falling) are pure functions of
// plans; the Ruleset (ruleset.ts) reads the board into those plans, asks the §8 decisions before any die
// and resolves with the encounter's dice.
//
// How the Ruleset reads the digest (a setting in settings.ts where it is a choice):
// - §4 turn order [GAP-PUB]: sides alternate single activations; a side with nobody left passes; the side
//   picks which figure (`activation.select`). Who opens a round is `roundOpener`: a d10 roll-off as the
//   encounter starts (ties re-rolled), the winner opens round 1 and the opener then alternates (default),
//   or the winner always opens, or the first listed side always does.
// - §4 economy: AP = min(AP characteristic, `maxApPerActivation`) per activation (replenished each round,
//   the rest lost); Move, Jump, Combat, Grapple, Drown 1 AP; Guard 1 AP and the activation ends; AoOs 0 AP.
// - §4 Move: a path of waypoints measured by `measurePath`, up to MOV inches (`moveMovMultiplier`;
//   climbing and swimming cost `moveClimbFactor` / `moveSwimFactor` per inch). Any path `checkPath` accepts
//   within the budget is legal. A Disengage may declare the Critical's extra inch; without a Critical the
//   move stops after MOV inches. A move that comes into base contact with an enemy not in contact before
//   is a Charge and stops at that first contact (the rest of the path is lost).
// - §4 Jump [TEXT L34, L53; distance GAP-PUB]: `jump` (moveApCost AP) is one straight leap, `path` =
//   [landing] (or [start, landing]), judged by core/inches `checkJump`: plan length ≤ `jumpMaxInches`
//   (never more than the Move's inches), landing no higher than `jumpMaxRise` above the take-off, the
//   flight clear of buildings and walls taller than it, the landing standable (water included) and free.
//   Everything else is the Move's: leaving contact is a Disengage (a fumble: no leap), landing in contact
//   is a Charge (`targetId` + `options.aoo` may name it; from the sky when it took off ≥ 3" above the
//   enemy), Guard holders react to it, and a jump from the bank counts as starting out of the water. The
//   height dropped is a fall (`jumpDropFalls`, falling.ts), rolled as it lands, before any AoO at its end.
//   The legal actions offer the `jumpTargets` landings a walk could not reach (a change of height, a gap).
// - §8 decisions, all asked before the action's dice (as Pathfinder asks its AoOs), the default first:
//   D-3 `carnevale.disengageBy` (the OPPONENT picks which enemy rolls; highest DEX), then D-2 + D-4 as one
//   question per reactor: `carnevale.disengageAoo#<enemy>` ("if the Disengage fails, attack with…"),
//   `carnevale.guard#<holder>` (every Guard holder that sees the move and could strike its end), D-1
//   `carnevale.chargeTarget` (the charger; lowest DEX + PRO) and `carnevale.charge` (its AoO), and for a
//   Combat action `carnevale.counter#<target>` ("if the attack fumbles…"). A `charge` action may name its
//   target and AoO (`targetId`, `options.aoo`) up front instead. An answer that can no longer be made when
//   the dice call for it (the mover stopped short) falls back to the D-4 default.
// - AoO choices are `combat:<weapon index>`, `grapple`, `drown` or `pass` (A3: granted AoOs may be
//   declined, the charge's too). D-4 default: Combat with the weapon of highest expected Life loss.
// - Order (A8): the Disengage roll and its AoO before the mover leaves; then the move; then the Guard AoOs
//   and the charge's AoO, Guard first (`guardFirstOnAnyContact`; off: only a charged holder goes first).
//   A Guard holder that made another AoO meanwhile has lost its counter.
// - A11 nesting: an AoO granted by a rule is depth 1; a counter to a fumbled AoO one deeper, allowed up to
//   `aooNestingLimit`. Only the first counter of the active character's own Combat is asked; deeper
//   counters, and a fumbled Grapple's reversal push (D-5), take their defaults.
// - D-5: a Grapple names its push point up front (`options.pushX`, `pushY`, board units; `pushInches` caps
//   the distance); the default is the most harmful push (a fall, else into water, else the longest).
// - Counters: Guard lasts until its holder's next activation starts, and never in the water; Stunned until
//   the end of its next activation (`stunnedUntil`). Both are read from the round and activation facts
//   (round-facts.ts), so a figure offered the activation and passed over by its side keeps them.
// - §6: at 0 Life a character is out. Cover: terrain cover from `lineOfSight` or water, none in base
//   contact but the water's and across a shared low obstacle (coverCounts).
//
// Interpretations of carnevale.md §9 in the math (a setting in settings.ts where it is a choice):
// - A1 (core dice, Protection, AP, activation order): the digest's [GAP-PUB] fills, as settings: maxDice
//   10, tenAlwaysAce, oneNeverAce, basicAceTarget / opposedAceTarget / protectionAceTarget 7,
//   protectionCriticalAces 1, protectionFumbleDamage 1, maxApPerActivation 3, moveApCost 1.
// - A2 (Fumble, truncated in the wiki): Destiny die 1 and no Ace in the whole roll; 0 dice never fumble.
//   `fumblesEnabled` / `criticalsEnabled` can switch the Destiny die's effects off.
// - A3 (may an AoO be declined?): only rules grant AoOs, and a granted one is optional, the charge's
//   included (`aooOptional`). Not used by the math; the engine reads it.
// - A4 (Crit/Fumble of opposed rolls): judged on the net Aces with the active Destiny die: Critical at
//   Destiny 10 and net ≥ 2 (`opposedCriticalNet`), Fumble at Destiny 1 and net 0 (`opposedFumble`:
//   'netZero'; 'noActiveAces' is the stricter reading). The opponent never crits or fumbles.
// - A5 (grapple distance): up to 2" + 1" per net Ace, any direction the attacker picks (`grapplePushUpTo`).
// - A6 (Drown attribute): ATTACK vs ATTACK (`drownAttribute`); Stunned applies to Drown, not to Grapple,
//   whose roll is "without modifiers" (`grappleIgnoresModifiers`).
// - A7 (vertical contact): bases overlap or touch in plan view and the gap is ≤ 1"
//   (`verticalContactTolerance`, `verticalContactNeedsOverlap`), for the geometry to read.
// - A8 (Guard before the charge): whenever the enemy's action ended in base contact with anyone
//   (`guardFirstOnAnyContact`).
// - A9 (cover, Stunned): cover +1 to the target's DEX (`coverDexBonus`), one cover bonus at most (water and
//   terrain do not stack; base contact keeps only the water's, `coverCounts`); Stunned −1 die on every roll
//   of that character (`stunnedDicePenalty`) until the end of its next activation (`stunnedUntil`).
// - A10 (Penetration): changes the number of Protection dice, clamped to 0..10, after the Stunned penalty.
// - A11 (AoO cascades): allowed to nesting depth 2 (`aooNestingLimit`).
// - A12 (Critical Life): 1 direct Life, not reduced by Protection (`criticalLifeLoss`,
//   `criticalLifeIgnoresProtection`; off folds it into the Damage).
// Further readings the digest leaves open:
// - The Destiny die is the first die of every pool; no Protection roll is made when there is no Damage
//   (a fumble must not create Damage from nothing), nor any roll with 0 dice (automatic Fail).
// - Grapple Fumble [TEXT L83] "the same dice result": the two pools swap roles; the target's own Destiny
//   die judges the reversed grapple on max(0, its Aces − the attacker's); a reversal's fumble does nothing
//   (`grappleFumble`: 'sameDice', or 'none'). A friendly grapple (a basic roll) has no reversal to make.
// - Falling (Caída, [GAP]): PLACEHOLDER settings: no harm below 3", else 1 Damage per full inch, against a
//   Protection roll, and none into water (`fallSafeHeight`, `fallDamagePerInch`, `fallProtectionRoll`,
//   `fallIntoWaterSafe`).
// - Crowding lowers DEX for both sides of a Disengage (the enemy may be crowded too) and for Ace targets.

export * from './combat'
export * from './dice'
export * from './disengage'
export * from './drown'
export * from './falling'
export * from './grapple'
export * from './protection'
export * from './settings'
export * from './stats'
export { carnevale } from './ruleset'
export { actionKinds } from './actions'
export { PASS, combatChoice, weaponOfChoice } from './aoo'
export {
  CHARGE_AOO,
  CHARGE_TARGET,
  COUNTER_AOO,
  DISENGAGE_AOO,
  DISENGAGE_BY,
  GUARD_AOO,
  decisionKeys
} from './reactions'
export { terms } from './terms'
export { carnevaleContent, createCharacter, type CarnevaleContent } from './content'
export { canalBoard, canalPieces, carnevaleSampleEncounter } from './sample'
