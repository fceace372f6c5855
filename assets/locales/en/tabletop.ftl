# Tabletop's messages in English that every game shares; each game's own are in
# its own file beside this one, each id starting with the game's name. Every id of
# a file here is also in the same file under zh-CN/, with the same variables (a
# test checks).

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
continue-online = { $side } online
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
hud-keys = { $controls } · H hint · Ctrl+Z/Y undo/redo · ←/→ through the moves, ↑/↓ between variations · R review · P set up a position · C coordinates · O move numbers · Ctrl+C/V copy/paste
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
seat-online-label = { $side } (online)
refused = { $why }
refused-taken = { $at } is already taken
refused-full = column { $column } is full
refused-over = the game is over
refused-on-time = the game is over: { $side } ran out of time

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
moves-promote = Make main line
moves-delete = Delete from here
moves-count = { $count ->
    [one] 1 move
   *[other] { $count } moves
}

## The status line

status-playing = Playing
status-setting-up = Setting up
status-wins = { $side } wins
status-on-time = { $side } wins on time
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

## Settings of any game (the menu's widgets)

setting-random = Random
setting-seed-hint = random
setting-seed-empty = Empty: a new random seed every game
setting-seed-fixed = Every game with this seed rolls the same dice
setting-seed-bad = Not a number: games use a random seed

## Online play

online-title = Online
online-name = Your name
online-server = Server
online-play-as = Play as
online-random = Random
online-create = Create a room
online-code = Room code
online-join = Join
online-watch = Watch
online-connecting = Connecting to { $server }…
online-reconnecting = Connection lost: reconnecting…
online-room = Room { $code }
online-copy = Copy link
online-you = you
online-seat = { $side }: { $name } · { $presence }
online-seat-empty = { $side }: { $presence }
online-presence-empty = waiting for a player
online-presence-connected = connected
online-presence-reconnecting = reconnecting…
online-presence-left = left
online-watching = You are watching this game.
online-waiting = Waiting for the other player: send them the code or the link.
online-takeback-tip = Ctrl+Z: ask to take back your last move
online-takeback-asked = { $who } asks to take back their last move
online-takeback-waiting = Takeback asked: waiting for the answer…
online-accept = Accept
online-decline = Decline
online-resign = Resign
online-rematch = Rematch
online-rematch-asked = { $who } asks for a rematch
online-no-load = A game on the table of an online room cannot be replaced: leave the room first.
online-leave = Leave the room

## Touch and the compact layout (phones)
touch-confirm = Tap twice to place (the first tap shows the piece)
touch-help = One finger: turn the view · two fingers: pinch to zoom, drag to pan · double tap off the board: reset the view
touch-tap-again = Tap { $at } again to play it
touch-thinking = { $who } is thinking…
touch-hint-looking = Looking for a hint…
touch-new = New
touch-more = More
touch-less = Less
touch-game-page = Game

## The review of a game
review-title = Review
review-button = Review
review-cancel = Cancel review
review-tip = The AI looks at every move of this line and marks the mistakes (R)
review-running = Looking at position { $done } of { $total }
review-clean = No move threw anything away.
review-marked = { $number } { $played }{ $sign } { $mark }, better { $best }
review-marked-tip = Go to the position before the move: the better move shows on the board
review-inaccuracy = inaccuracy
review-mistake = mistake
review-blunder = blunder
review-win = win
review-draw = draw
review-loss = loss
review-in = { $result } in { $plies }
review-point = After { $moves } moves: { $side } to move, { $value }
review-point-unseen = After { $moves } moves

## Copy and paste
clipboard-copied = Copied the game ({ $count } moves): Ctrl+V opens it
clipboard-pasted = Opened the pasted game ({ $count } moves)
clipboard-not-a-game = The paste is not a game: { $why }
clipboard-failed = The clipboard could not be used: { $why }

## The board's labels
labels-coordinates = Coordinates
labels-move-numbers = Move numbers

## Setting up a position (the Edit mode)
edit-button = Set up
edit-tip = Set up a position by hand: put and take away pieces, choose who moves (P)
edit-title = Setting up a position
edit-help = Click the board to put or take away pieces; P plays from here.
edit-pieces = Pieces of
edit-put = A click puts
edit-take = A click takes away
edit-to-move = To move
edit-face = A click puts a
edit-die = Die to place
edit-play = Play from here
edit-clear = Clear
edit-cancel = Cancel
edit-unreachable = No game reaches this position: { $why }
edit-analysis-waits = The analysis waits while a position is set up.

## Clocks
menu-clock = Clock
menu-clock-none = None
menu-clock-tip = Minutes each + seconds added after every move; the clock of the side to move runs, and a side that runs out of time loses
