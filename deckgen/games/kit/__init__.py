"""The engine kit: what every game engine needs and should do one way.

- `cards`: one card index (ids <-> ints <-> bit masks) with checked look-ups and set-up
  positions that reject unknown and duplicate cards;
- `chance`: one shuffle and one deal, writing one deal-event shape;
- `seats`: seat rings (next seat, next seat still in, direction, partners opposite);
- `ranking`: scores to winners and ranking, and the `Result` every game returns;
- `zones`: the zone names every engine uses for its cards, and declared zones (owner,
  visibility, pile or fan) from which what each seat sees follows;
- `piles`: a draw pile refilled from under a discard pile's top, and the draw and
  reshuffle events;
- `tricks`: the follow rule (follow if you can) and a trick's winner.
"""
