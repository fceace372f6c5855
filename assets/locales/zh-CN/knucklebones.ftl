# knucklebones 自己的简体中文文本（共用的在 tabletop.ftl）。

## 指骨骰

knucklebones-title = 指骨骰
knucklebones-blurb = 掷骰，把骰子放进自己托盘的一列：对方同一列里
    点数相同的骰子会被打掉。
    同一列里点数相同的骰子分数相乘。总分高者胜。
knucklebones-controls = 点击自己托盘的一列，或按 1/2/3
knucklebones-hint-mark = 青色的列
knucklebones-first = 玩家 1
knucklebones-second = 玩家 2
knucklebones-starts = 先手
knucklebones-seed = 骰子种子
knucklebones-rolled = 掷出 { $die } 点 · 比分 { $first } – { $second }
knucklebones-setup = 待放的骰子 { $die } 点 · 比分 { $first } – { $second }
knucklebones-wins = { $side }胜 { $high } – { $low }
knucklebones-draw = 平局 { $first } – { $second }
knucklebones-describe = 种子 { $seed } · { $starter }先手
knucklebones-move = { $die } 放入第 { $column } 列
