import { describe, expect, it } from 'vitest'
import { distinctInitials, initialsOf } from './initials'

describe('token initials', () => {
  it('are the first letters of the first two words', () => {
    expect(['Goblin 2', 'Orc Chief', 'Kira'].map(initialsOf)).toEqual(['G2', 'OC', 'K'])
  })

  it('tell apart different names that share them (issue 21: Ogre and Orc 2 both read O2)', () => {
    expect(distinctInitials(['Ogro 2', 'Orco 2', 'Goblin 1'])).toEqual(['Og2', 'Or2', 'G1'])
    expect(distinctInitials(['Ogre', 'Orc', 'Orc 2'])).toEqual(['Og', 'Or', 'O2'])
    expect(distinctInitials(['Orco', 'Orca'])).toEqual(['Orco', 'Orca'])
  })

  it('leave the same name twice alike: nothing in it tells them apart', () => {
    expect(distinctInitials(['Orco', 'Orco'])).toEqual(['O', 'O'])
  })
})
