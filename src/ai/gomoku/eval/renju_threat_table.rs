//! Written by `cargo run --release --no-default-features --example gomoku_fit -- table
//! labels.txt` (see [`super`] and that file): do not edit by hand. Fitted to 23788 positions
//! on top of the rest of the evaluation (ridge 1); on the positions of one opening
//! in ten, held out, the log loss against the judge's winning chances (less their own
//! entropy) is 0.15702, where the evaluation before had 0.16711.

/// What a position is worth to the side to move beyond its points, by which threats
/// each side has ([`super::threat_mask`]).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT_TABLE: [i32; super::THREAT_MASKS] = [
    -81, // 0x00 me - · them -: 308 positions
    0, // 0x01 me 4+ · them -: 0 positions
    -912, // 0x02 me 4 · them -: 59 positions
    -344, // 0x03 me 4+ 4 · them -: 22 positions
    -38, // 0x04 me 3+ · them -: 5 positions
    0, // 0x05 me 4+ 3+ · them -: 0 positions
    -25, // 0x06 me 4 3+ · them -: 1 positions
    39, // 0x07 me 4+ 4 3+ · them -: 1 positions
    -161, // 0x08 me 3 · them -: 30 positions
    0, // 0x09 me 4+ 3 · them -: 0 positions
    -407, // 0x0a me 4 3 · them -: 10 positions
    52, // 0x0b me 4+ 4 3 · them -: 12 positions
    -276, // 0x0c me 3+ 3 · them -: 54 positions
    278, // 0x0d me 4+ 3+ 3 · them -: 3 positions
    -350, // 0x0e me 4 3+ 3 · them -: 17 positions
    -118, // 0x0f me 4+ 4 3+ 3 · them -: 40 positions
    223, // 0x10 me - · them 4+: 3 positions
    0, // 0x11 me 4+ · them 4+: 0 positions
    -115, // 0x12 me 4 · them 4+: 3 positions
    116, // 0x13 me 4+ 4 · them 4+: 11 positions
    0, // 0x14 me 3+ · them 4+: 0 positions
    0, // 0x15 me 4+ 3+ · them 4+: 0 positions
    0, // 0x16 me 4 3+ · them 4+: 0 positions
    -5, // 0x17 me 4+ 4 3+ · them 4+: 2 positions
    0, // 0x18 me 3 · them 4+: 0 positions
    5, // 0x19 me 4+ 3 · them 4+: 1 positions
    -64, // 0x1a me 4 3 · them 4+: 4 positions
    -282, // 0x1b me 4+ 4 3 · them 4+: 5 positions
    4, // 0x1c me 3+ 3 · them 4+: 9 positions
    0, // 0x1d me 4+ 3+ 3 · them 4+: 0 positions
    37, // 0x1e me 4 3+ 3 · them 4+: 4 positions
    290, // 0x1f me 4+ 4 3+ 3 · them 4+: 12 positions
    715, // 0x20 me - · them 4: 67 positions
    0, // 0x21 me 4+ · them 4: 0 positions
    -490, // 0x22 me 4 · them 4: 14 positions
    -309, // 0x23 me 4+ 4 · them 4: 23 positions
    -48, // 0x24 me 3+ · them 4: 3 positions
    0, // 0x25 me 4+ 3+ · them 4: 0 positions
    269, // 0x26 me 4 3+ · them 4: 4 positions
    301, // 0x27 me 4+ 4 3+ · them 4: 7 positions
    605, // 0x28 me 3 · them 4: 24 positions
    54, // 0x29 me 4+ 3 · them 4: 1 positions
    266, // 0x2a me 4 3 · them 4: 18 positions
    -144, // 0x2b me 4+ 4 3 · them 4: 47 positions
    36, // 0x2c me 3+ 3 · them 4: 67 positions
    225, // 0x2d me 4+ 3+ 3 · them 4: 3 positions
    -55, // 0x2e me 4 3+ 3 · them 4: 54 positions
    -1, // 0x2f me 4+ 4 3+ 3 · them 4: 55 positions
    475, // 0x30 me - · them 4+ 4: 53 positions
    244, // 0x31 me 4+ · them 4+ 4: 6 positions
    390, // 0x32 me 4 · them 4+ 4: 41 positions
    251, // 0x33 me 4+ 4 · them 4+ 4: 107 positions
    393, // 0x34 me 3+ · them 4+ 4: 9 positions
    0, // 0x35 me 4+ 3+ · them 4+ 4: 0 positions
    386, // 0x36 me 4 3+ · them 4+ 4: 9 positions
    471, // 0x37 me 4+ 4 3+ · them 4+ 4: 18 positions
    652, // 0x38 me 3 · them 4+ 4: 34 positions
    429, // 0x39 me 4+ 3 · them 4+ 4: 4 positions
    515, // 0x3a me 4 3 · them 4+ 4: 58 positions
    413, // 0x3b me 4+ 4 3 · them 4+ 4: 101 positions
    573, // 0x3c me 3+ 3 · them 4+ 4: 159 positions
    631, // 0x3d me 4+ 3+ 3 · them 4+ 4: 12 positions
    805, // 0x3e me 4 3+ 3 · them 4+ 4: 159 positions
    653, // 0x3f me 4+ 4 3+ 3 · them 4+ 4: 276 positions
    125, // 0x40 me - · them 3+: 10 positions
    -79, // 0x41 me 4+ · them 3+: 2 positions
    -223, // 0x42 me 4 · them 3+: 10 positions
    -281, // 0x43 me 4+ 4 · them 3+: 12 positions
    -146, // 0x44 me 3+ · them 3+: 1 positions
    0, // 0x45 me 4+ 3+ · them 3+: 0 positions
    -186, // 0x46 me 4 3+ · them 3+: 1 positions
    0, // 0x47 me 4+ 4 3+ · them 3+: 0 positions
    -6, // 0x48 me 3 · them 3+: 11 positions
    -187, // 0x49 me 4+ 3 · them 3+: 1 positions
    17, // 0x4a me 4 3 · them 3+: 4 positions
    -26, // 0x4b me 4+ 4 3 · them 3+: 2 positions
    -109, // 0x4c me 3+ 3 · them 3+: 30 positions
    -133, // 0x4d me 4+ 3+ 3 · them 3+: 1 positions
    46, // 0x4e me 4 3+ 3 · them 3+: 12 positions
    -119, // 0x4f me 4+ 4 3+ 3 · them 3+: 15 positions
    77, // 0x50 me - · them 4+ 3+: 1 positions
    0, // 0x51 me 4+ · them 4+ 3+: 0 positions
    154, // 0x52 me 4 · them 4+ 3+: 2 positions
    26, // 0x53 me 4+ 4 · them 4+ 3+: 5 positions
    0, // 0x54 me 3+ · them 4+ 3+: 0 positions
    0, // 0x55 me 4+ 3+ · them 4+ 3+: 0 positions
    0, // 0x56 me 4 3+ · them 4+ 3+: 0 positions
    0, // 0x57 me 4+ 4 3+ · them 4+ 3+: 0 positions
    0, // 0x58 me 3 · them 4+ 3+: 0 positions
    0, // 0x59 me 4+ 3 · them 4+ 3+: 0 positions
    -10, // 0x5a me 4 3 · them 4+ 3+: 1 positions
    -243, // 0x5b me 4+ 4 3 · them 4+ 3+: 1 positions
    120, // 0x5c me 3+ 3 · them 4+ 3+: 3 positions
    -50, // 0x5d me 4+ 3+ 3 · them 4+ 3+: 1 positions
    103, // 0x5e me 4 3+ 3 · them 4+ 3+: 1 positions
    65, // 0x5f me 4+ 4 3+ 3 · them 4+ 3+: 6 positions
    -28, // 0x60 me - · them 4 3+: 7 positions
    -124, // 0x61 me 4+ · them 4 3+: 1 positions
    -109, // 0x62 me 4 · them 4 3+: 5 positions
    -748, // 0x63 me 4+ 4 · them 4 3+: 12 positions
    0, // 0x64 me 3+ · them 4 3+: 0 positions
    0, // 0x65 me 4+ 3+ · them 4 3+: 0 positions
    174, // 0x66 me 4 3+ · them 4 3+: 2 positions
    200, // 0x67 me 4+ 4 3+ · them 4 3+: 1 positions
    73, // 0x68 me 3 · them 4 3+: 2 positions
    0, // 0x69 me 4+ 3 · them 4 3+: 0 positions
    -72, // 0x6a me 4 3 · them 4 3+: 7 positions
    -561, // 0x6b me 4+ 4 3 · them 4 3+: 16 positions
    91, // 0x6c me 3+ 3 · them 4 3+: 16 positions
    290, // 0x6d me 4+ 3+ 3 · them 4 3+: 1 positions
    -100, // 0x6e me 4 3+ 3 · them 4 3+: 19 positions
    -292, // 0x6f me 4+ 4 3+ 3 · them 4 3+: 29 positions
    299, // 0x70 me - · them 4+ 4 3+: 9 positions
    81, // 0x71 me 4+ · them 4+ 4 3+: 1 positions
    119, // 0x72 me 4 · them 4+ 4 3+: 10 positions
    81, // 0x73 me 4+ 4 · them 4+ 4 3+: 31 positions
    390, // 0x74 me 3+ · them 4+ 4 3+: 2 positions
    0, // 0x75 me 4+ 3+ · them 4+ 4 3+: 0 positions
    466, // 0x76 me 4 3+ · them 4+ 4 3+: 4 positions
    -503, // 0x77 me 4+ 4 3+ · them 4+ 4 3+: 5 positions
    395, // 0x78 me 3 · them 4+ 4 3+: 9 positions
    0, // 0x79 me 4+ 3 · them 4+ 4 3+: 0 positions
    600, // 0x7a me 4 3 · them 4+ 4 3+: 12 positions
    218, // 0x7b me 4+ 4 3 · them 4+ 4 3+: 30 positions
    356, // 0x7c me 3+ 3 · them 4+ 4 3+: 35 positions
    116, // 0x7d me 4+ 3+ 3 · them 4+ 4 3+: 7 positions
    541, // 0x7e me 4 3+ 3 · them 4+ 4 3+: 47 positions
    406, // 0x7f me 4+ 4 3+ 3 · them 4+ 4 3+: 93 positions
    3, // 0x80 me - · them 3: 125 positions
    -210, // 0x81 me 4+ · them 3: 1 positions
    -773, // 0x82 me 4 · them 3: 20 positions
    -404, // 0x83 me 4+ 4 · them 3: 18 positions
    -164, // 0x84 me 3+ · them 3: 2 positions
    0, // 0x85 me 4+ 3+ · them 3: 0 positions
    -72, // 0x86 me 4 3+ · them 3: 1 positions
    -387, // 0x87 me 4+ 4 3+ · them 3: 2 positions
    -18, // 0x88 me 3 · them 3: 69 positions
    -386, // 0x89 me 4+ 3 · them 3: 4 positions
    -767, // 0x8a me 4 3 · them 3: 15 positions
    -437, // 0x8b me 4+ 4 3 · them 3: 16 positions
    -202, // 0x8c me 3+ 3 · them 3: 64 positions
    -296, // 0x8d me 4+ 3+ 3 · them 3: 4 positions
    -114, // 0x8e me 4 3+ 3 · them 3: 22 positions
    -64, // 0x8f me 4+ 4 3+ 3 · them 3: 38 positions
    500, // 0x90 me - · them 4+ 3: 7 positions
    0, // 0x91 me 4+ · them 4+ 3: 0 positions
    82, // 0x92 me 4 · them 4+ 3: 5 positions
    108, // 0x93 me 4+ 4 · them 4+ 3: 9 positions
    0, // 0x94 me 3+ · them 4+ 3: 0 positions
    0, // 0x95 me 4+ 3+ · them 4+ 3: 0 positions
    0, // 0x96 me 4 3+ · them 4+ 3: 0 positions
    -66, // 0x97 me 4+ 4 3+ · them 4+ 3: 1 positions
    34, // 0x98 me 3 · them 4+ 3: 1 positions
    -3, // 0x99 me 4+ 3 · them 4+ 3: 1 positions
    109, // 0x9a me 4 3 · them 4+ 3: 6 positions
    229, // 0x9b me 4+ 4 3 · them 4+ 3: 6 positions
    121, // 0x9c me 3+ 3 · them 4+ 3: 12 positions
    180, // 0x9d me 4+ 3+ 3 · them 4+ 3: 3 positions
    304, // 0x9e me 4 3+ 3 · them 4+ 3: 7 positions
    59, // 0x9f me 4+ 4 3+ 3 · them 4+ 3: 23 positions
    398, // 0xa0 me - · them 4 3: 26 positions
    0, // 0xa1 me 4+ · them 4 3: 0 positions
    -182, // 0xa2 me 4 · them 4 3: 21 positions
    -420, // 0xa3 me 4+ 4 · them 4 3: 26 positions
    69, // 0xa4 me 3+ · them 4 3: 3 positions
    0, // 0xa5 me 4+ 3+ · them 4 3: 0 positions
    0, // 0xa6 me 4 3+ · them 4 3: 0 positions
    -248, // 0xa7 me 4+ 4 3+ · them 4 3: 5 positions
    357, // 0xa8 me 3 · them 4 3: 17 positions
    0, // 0xa9 me 4+ 3 · them 4 3: 0 positions
    34, // 0xaa me 4 3 · them 4 3: 22 positions
    -348, // 0xab me 4+ 4 3 · them 4 3: 45 positions
    51, // 0xac me 3+ 3 · them 4 3: 45 positions
    459, // 0xad me 4+ 3+ 3 · them 4 3: 5 positions
    95, // 0xae me 4 3+ 3 · them 4 3: 30 positions
    -200, // 0xaf me 4+ 4 3+ 3 · them 4 3: 82 positions
    575, // 0xb0 me - · them 4+ 4 3: 47 positions
    278, // 0xb1 me 4+ · them 4+ 4 3: 6 positions
    398, // 0xb2 me 4 · them 4+ 4 3: 53 positions
    173, // 0xb3 me 4+ 4 · them 4+ 4 3: 149 positions
    396, // 0xb4 me 3+ · them 4+ 4 3: 12 positions
    240, // 0xb5 me 4+ 3+ · them 4+ 4 3: 1 positions
    238, // 0xb6 me 4 3+ · them 4+ 4 3: 10 positions
    -10, // 0xb7 me 4+ 4 3+ · them 4+ 4 3: 31 positions
    734, // 0xb8 me 3 · them 4+ 4 3: 46 positions
    258, // 0xb9 me 4+ 3 · them 4+ 4 3: 2 positions
    480, // 0xba me 4 3 · them 4+ 4 3: 58 positions
    158, // 0xbb me 4+ 4 3 · them 4+ 4 3: 122 positions
    566, // 0xbc me 3+ 3 · them 4+ 4 3: 237 positions
    486, // 0xbd me 4+ 3+ 3 · them 4+ 4 3: 16 positions
    723, // 0xbe me 4 3+ 3 · them 4+ 4 3: 270 positions
    474, // 0xbf me 4+ 4 3+ 3 · them 4+ 4 3: 470 positions
    40, // 0xc0 me - · them 3+ 3: 455 positions
    -331, // 0xc1 me 4+ · them 3+ 3: 26 positions
    -339, // 0xc2 me 4 · them 3+ 3: 254 positions
    -549, // 0xc3 me 4+ 4 · them 3+ 3: 356 positions
    -43, // 0xc4 me 3+ · them 3+ 3: 38 positions
    -113, // 0xc5 me 4+ 3+ · them 3+ 3: 2 positions
    -393, // 0xc6 me 4 3+ · them 3+ 3: 30 positions
    -90, // 0xc7 me 4+ 4 3+ · them 3+ 3: 35 positions
    -42, // 0xc8 me 3 · them 3+ 3: 343 positions
    -272, // 0xc9 me 4+ 3 · them 3+ 3: 21 positions
    -383, // 0xca me 4 3 · them 3+ 3: 132 positions
    -496, // 0xcb me 4+ 4 3 · them 3+ 3: 310 positions
    -67, // 0xcc me 3+ 3 · them 3+ 3: 806 positions
    -75, // 0xcd me 4+ 3+ 3 · them 3+ 3: 65 positions
    -279, // 0xce me 4 3+ 3 · them 3+ 3: 466 positions
    25, // 0xcf me 4+ 4 3+ 3 · them 3+ 3: 775 positions
    194, // 0xd0 me - · them 4+ 3+ 3: 14 positions
    -49, // 0xd1 me 4+ · them 4+ 3+ 3: 2 positions
    102, // 0xd2 me 4 · them 4+ 3+ 3: 17 positions
    -31, // 0xd3 me 4+ 4 · them 4+ 3+ 3: 54 positions
    237, // 0xd4 me 3+ · them 4+ 3+ 3: 4 positions
    495, // 0xd5 me 4+ 3+ · them 4+ 3+ 3: 1 positions
    36, // 0xd6 me 4 3+ · them 4+ 3+ 3: 4 positions
    324, // 0xd7 me 4+ 4 3+ · them 4+ 3+ 3: 15 positions
    202, // 0xd8 me 3 · them 4+ 3+ 3: 14 positions
    0, // 0xd9 me 4+ 3 · them 4+ 3+ 3: 0 positions
    -172, // 0xda me 4 3 · them 4+ 3+ 3: 21 positions
    139, // 0xdb me 4+ 4 3 · them 4+ 3+ 3: 69 positions
    141, // 0xdc me 3+ 3 · them 4+ 3+ 3: 107 positions
    346, // 0xdd me 4+ 3+ 3 · them 4+ 3+ 3: 24 positions
    158, // 0xde me 4 3+ 3 · them 4+ 3+ 3: 95 positions
    453, // 0xdf me 4+ 4 3+ 3 · them 4+ 3+ 3: 256 positions
    87, // 0xe0 me - · them 4 3+ 3: 75 positions
    -290, // 0xe1 me 4+ · them 4 3+ 3: 10 positions
    -133, // 0xe2 me 4 · them 4 3+ 3: 86 positions
    -639, // 0xe3 me 4+ 4 · them 4 3+ 3: 269 positions
    -5, // 0xe4 me 3+ · them 4 3+ 3: 16 positions
    0, // 0xe5 me 4+ 3+ · them 4 3+ 3: 0 positions
    -342, // 0xe6 me 4 3+ · them 4 3+ 3: 22 positions
    -434, // 0xe7 me 4+ 4 3+ · them 4 3+ 3: 48 positions
    2, // 0xe8 me 3 · them 4 3+ 3: 82 positions
    -200, // 0xe9 me 4+ 3 · them 4 3+ 3: 10 positions
    -250, // 0xea me 4 3 · them 4 3+ 3: 78 positions
    -474, // 0xeb me 4+ 4 3 · them 4 3+ 3: 259 positions
    31, // 0xec me 3+ 3 · them 4 3+ 3: 374 positions
    227, // 0xed me 4+ 3+ 3 · them 4 3+ 3: 25 positions
    -87, // 0xee me 4 3+ 3 · them 4 3+ 3: 307 positions
    -298, // 0xef me 4+ 4 3+ 3 · them 4 3+ 3: 693 positions
    269, // 0xf0 me - · them 4+ 4 3+ 3: 152 positions
    76, // 0xf1 me 4+ · them 4+ 4 3+ 3: 32 positions
    -83, // 0xf2 me 4 · them 4+ 4 3+ 3: 275 positions
    -257, // 0xf3 me 4+ 4 · them 4+ 4 3+ 3: 768 positions
    189, // 0xf4 me 3+ · them 4+ 4 3+ 3: 49 positions
    668, // 0xf5 me 4+ 3+ · them 4+ 4 3+ 3: 5 positions
    128, // 0xf6 me 4 3+ · them 4+ 4 3+ 3: 64 positions
    -87, // 0xf7 me 4+ 4 3+ · them 4+ 4 3+ 3: 139 positions
    249, // 0xf8 me 3 · them 4+ 4 3+ 3: 157 positions
    -243, // 0xf9 me 4+ 3 · them 4+ 4 3+ 3: 25 positions
    103, // 0xfa me 4 3 · them 4+ 4 3+ 3: 277 positions
    -241, // 0xfb me 4+ 4 3 · them 4+ 4 3+ 3: 827 positions
    78, // 0xfc me 3+ 3 · them 4+ 4 3+ 3: 1090 positions
    -158, // 0xfd me 4+ 3+ 3 · them 4+ 4 3+ 3: 153 positions
    264, // 0xfe me 4 3+ 3 · them 4+ 4 3+ 3: 1247 positions
    78, // 0xff me 4+ 4 3+ 3 · them 4+ 4 3+ 3: 2558 positions
];
