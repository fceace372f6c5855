# gomoku's own messages in English (the shared ones are in tabletop.ftl).

## Gomoku

gomoku-title = Gomoku
gomoku-blurb = Five in a row. Black moves first.
gomoku-controls = Left click: place a stone
gomoku-hint-mark = cyan ring
gomoku-first = Black
gomoku-second = White
gomoku-size = Board
gomoku-rule = Rule
gomoku-rule-freestyle = Free-style (five or more)
gomoku-rule-standard = Standard (exactly five)
gomoku-rule-renju = Renju (Black: exactly five, no 3-3, 4-4 or overline)
gomoku-describe-freestyle = { $size } · free-style
gomoku-describe-standard = { $size } · standard (exactly five)
gomoku-describe-renju = { $size } · renju
gomoku-analyse = Analyse the position (V)
gomoku-analysis-paused = Analysis is on: paused while the AI thinks.
gomoku-analysis-over = Analysis is on: the game is over.
gomoku-analysis-thinking = Analysis is on: thinking…
gomoku-wins-by-force = { $side } wins by force
gomoku-wins-in = { $side } wins in { $n }
gomoku-chance-for = { $side }: { $chance } to win
gomoku-engine-score = engine score { $score }
gomoku-search = depth { $depth } · { $nodes } nodes · { $speed } k nodes/s
gomoku-best-line = best line: { $line }
gomoku-refused-forbidden = { $at } is forbidden for Black under renju: { $foul }
gomoku-foul-overline = an overline
gomoku-foul-double-four = a double four
gomoku-foul-double-three = a double three
