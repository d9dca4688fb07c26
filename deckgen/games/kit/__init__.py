"""The engine kit: what every game engine needs and should do one way.

- `cards`: one card index (ids <-> ints <-> bit masks) with checked look-ups and set-up
  positions that reject unknown and duplicate cards;
- `chance`: one shuffle and one deal, writing one deal-event shape;
- `seats`: seat rings (next seat, next seat still in, direction, partners opposite);
- `ranking`: scores to winners and ranking, and the `Result` every game returns;
- `zones`: the zone names every engine uses for its cards.
"""
