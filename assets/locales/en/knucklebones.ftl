# knucklebones's own messages in English (the shared ones are in tabletop.ftl).

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
knucklebones-seed = Dice seed
knucklebones-rolled = Rolled a { $die } · score { $first } – { $second }
knucklebones-setup = Die to place { $die } · score { $first } – { $second }
knucklebones-wins = { $side } wins { $high } – { $low }
knucklebones-draw = Draw { $first } – { $second }
knucklebones-describe = seed { $seed } · { $starter } started
knucklebones-move = { $die } in { $column }
