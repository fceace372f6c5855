# tictactoe's own messages in English (the shared ones are in tabletop.ftl).

## Tic-tac-toe

tictactoe-title = Tic-tac-toe
tictactoe-blurb = Three in a row on 3x3. X moves first.
tictactoe-controls = Left click: mark a cell · V analysis
tictactoe-hint-mark = cyan cell
tictactoe-first = X
tictactoe-second = O
tictactoe-describe = 3x3 · three in a row wins · X first
tictactoe-key = green wins · amber draws · red loses (plies with best play)
