# connectfour's own messages in English (the shared ones are in tabletop.ftl).

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
