# Tabletop's messages in English. Every id here is also in zh-CN.ftl, with the same
# variables (a test checks). Each game's own messages start with its name.

## The menu

menu-title = Tabletop
menu-continue = Continue
menu-continue-tip = Go on with the game you left, as it was
menu-seats-help = Each side: a person or an AI (1 weakest, 5 strongest).
menu-swap = Swap sides
menu-swap-tip = Who plays { $first } (and moves first) plays { $second } instead
menu-start = Start
menu-quit = Quit
menu-language = Language
seat-human = Human
seat-ai = AI
seat-level = level
# The autosave's line in the menu: "Gomoku 15x15 freestyle · 23 moves · Black person, White AI 3".
continue-line = { $game } { $settings } · { moves-count } · { $first }, { $second }
continue-person = { $side } person
continue-ai = { $side } AI { $level }
autosave-name = the autosave
autosave-set-aside = { $why }; set aside as { $place }
autosave-not-set-aside = { $why }; { $also }

## Sound

sound = Sound
sound-tip = M mutes and unmutes
sound-volume = volume

## The HUD

hud-menu = Menu
hud-reset-camera = Reset camera
hud-more = Files, sound and keys
hud-keys = { $controls } · H hint · Ctrl+Z/Y undo/redo
hud-camera-keys = Right mouse: look · WASD/QE: move · wheel: speed · M: sound
hud-to-move = { $side } to move
hud-ai-for = AI { $level } (for { $side })
hud-thinking = { $who } is thinking… { $seconds } s
hud-progress = depth { $depth } · { $nodes } nodes · best { $best }
hud-moves-next = { $who } moves next
hud-waits = { $who } waits: Step or Space
hud-hint-looking = Hint: AI { $level } is looking… { $seconds } s
hud-hint = Hint: { $at } ({ $mark })
hud-moves-line = Moves: { $count } · last: { $last }
hud-new-game = New game
hud-undo = Undo
hud-undo-tip-pair = Ctrl+Z: take back your move and the AI's reply
hud-undo-tip = Ctrl+Z: take back the last move
hud-redo = Redo
hud-hint-button = Hint
hud-hint-tip = H: where would the AI play?
hud-ai-move = AI move
hud-ai-move-tip = Let the AI play this move for you
hud-ai-level = AI { $level }
hud-pause = Pause
hud-auto = Auto
hud-pause-tip = Stop the AIs after their current move
hud-auto-tip = Let the AIs move on their own again
hud-step = Step
hud-step-tip = Space: the AI to move makes one move
hud-ais-auto = AIs: auto
hud-ais-paused = AIs: paused
seat-you = { $side } (you)
seat-ai-label = { $side } (AI { $level })
refused = { $why }
refused-taken = { $at } is already taken
refused-full = column { $column } is full
refused-over = the game is over
refused-forbidden = { $at } is forbidden for Black under renju: { $foul }
foul-overline = an overline
foul-double-four = a double four
foul-double-three = a double three

## Files

file-label = File
file-save = Save
file-load = Load
file-save-as = Save as…
file-open = Open…
file-load-web = Load…
file-saved = Saved { moves-count } to { $path }
file-loaded = Loaded { $name } ({ moves-count })
file-save-failed = { $why }
file-load-failed = { $why }
file-no-dialog = no file dialog on this desktop: type a path and press Save or Load
file-not-read = could not read { $path }: { $why }
file-named = { $name }: { $why }
file-not-saved-game = not a Tabletop saved game (no 'game' line)
file-unknown-line = line { $line }: unknown line '{ $key }'
file-second-line = line { $line }: a second '{ $key }' line (the first is line { $first })
file-missing-line = missing '{ $key }' line (is the file cut short?)
file-unknown-game = line { $line }: game '{ $name }' is not one this version reads ({ $known })
file-bad-value = line { $line }: { $why }
file-bad-move = line { $line }, move { $number } ({ $text }): { $why }

## The move list

moves-title = Moves
moves-none = No moves yet
moves-count = { $count ->
    [one] 1 move
   *[other] { $count } moves
}

## The status line

status-playing = Playing
status-wins = { $side } wins
status-draw = Draw

## Analyses

analysis-title = Analysis
analysis-show-solved = Show solved values (V)
analysis-over = The game is over.
value-wins = wins
value-wins-in = wins in { $n }
value-draws = draws
value-loses = loses
value-loses-in = loses in { $n }
value-short-win = W
value-short-draw = D
value-short-loss = L
to-move-value = { $side } to move { $value }
to-move-solving = { $side } to move: solving…

## Gomoku

gomoku-title = Gomoku
gomoku-blurb = Five in a row. Black moves first.
gomoku-controls = Left click: place a stone
gomoku-hint-mark = cyan ring
gomoku-first = Black
gomoku-second = White
gomoku-width = Width
gomoku-height = Height
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
gomoku-score-for = { $score } for { $side }
gomoku-search = depth { $depth } · { $nodes } nodes · { $speed } k nodes/s
gomoku-best-line = best line: { $line }

## Tic-tac-toe

tictactoe-title = Tic-tac-toe
tictactoe-blurb = Three in a row on 3x3. X moves first.
tictactoe-controls = Left click: mark a cell · V analysis
tictactoe-hint-mark = cyan cell
tictactoe-first = X
tictactoe-second = O
tictactoe-describe = 3x3 · three in a row wins · X first
tictactoe-key = green wins · amber draws · red loses (plies with best play)

## Knucklebones

knucklebones-title = Knucklebones
knucklebones-blurb = Roll, place the die in a column of your tray: the other
    side loses its dice of that value in the same column.
    Equal dice in a column multiply. Most points wins.
knucklebones-controls = Click a column of your tray or press 1/2/3
knucklebones-hint-mark = cyan column
knucklebones-first = Player 1
knucklebones-second = Player 2
knucklebones-starts = Starts
knucklebones-random = Random
knucklebones-seed = Dice seed
knucklebones-seed-hint = random
knucklebones-seed-empty = Empty: a new random seed every game
knucklebones-seed-fixed = Every game with this seed rolls the same dice
knucklebones-seed-bad = Not a number: games use a random seed
knucklebones-rolled = Rolled a { $die } · score { $first } – { $second }
knucklebones-wins = { $side } wins { $high } – { $low }
knucklebones-draw = Draw { $first } – { $second }
knucklebones-describe = seed { $seed } · { $starter } started
knucklebones-move = { $die } in { $column }

## Connect Four

connectfour-title = Connect Four
connectfour-blurb = Drop discs into the upright rack: four in a row
    across, up or diagonally wins. Red moves first.
connectfour-controls = Click a column or press 1-7 · V analysis
connectfour-hint-mark = cyan column cap
connectfour-first = Red
connectfour-second = Yellow
connectfour-describe = 7 columns × 6 rows · four in a row wins · Red first
connectfour-key = W win, D draw, L loss in N own moves, with best play
connectfour-column-value = Column { $column }: { $side } { $value }
