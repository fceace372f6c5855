# connectfour 自己的简体中文文本（共用的在 tabletop.ftl）。

## 四子棋

connectfour-title = 四子棋
connectfour-blurb = 把棋子投进竖立的棋架：横、竖或斜连成
    四子者胜。红方先行。
connectfour-controls = 点击一列或按 1-7 · V 分析
connectfour-hint-mark = 青色的列顶
connectfour-first = 红方
connectfour-second = 黄方
connectfour-describe = 7 列 × 6 行 · 四子连线胜 · 红方先行
connectfour-key = 胜、和、负后的数字：双方最佳应对下自己还要走几步
connectfour-column-value = 第 { $column } 列：{ $side }{ $value }
