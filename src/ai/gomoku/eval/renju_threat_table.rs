//! Written by `cargo run --release --no-default-features --example gomoku_fit -- table
//! labels.txt` (see [`super`] and that file): do not edit by hand. Fitted to 17738 renju positions
//! on top of the rest of the evaluation (ridge 30); on the positions of one opening
//! in ten, held out, the log loss against the judge's winning chances (less their own
//! entropy) is 0.11364, where the evaluation before had 0.12110.

/// What a position is worth to the side to move beyond its points, by which threats
/// each side has ([`super::threat_mask`]).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT_TABLE: [i32; super::THREAT_MASKS] = [
    -53, // 0x00 me - · them -: 407 positions
    -17, // 0x01 me 4+ · them -: 8 positions
    -19, // 0x02 me 4 · them -: 30 positions
    -12, // 0x03 me 4+ 4 · them -: 25 positions
    -3, // 0x04 me 3+ · them -: 11 positions
    0, // 0x05 me 4+ 3+ · them -: 0 positions
    -7, // 0x06 me 4 3+ · them -: 2 positions
    -8, // 0x07 me 4+ 4 3+ · them -: 2 positions
    -79, // 0x08 me 3 · them -: 153 positions
    -12, // 0x09 me 4+ 3 · them -: 4 positions
    -27, // 0x0a me 4 3 · them -: 19 positions
    1, // 0x0b me 4+ 4 3 · them -: 13 positions
    11, // 0x0c me 3+ 3 · them -: 232 positions
    -6, // 0x0d me 4+ 3+ 3 · them -: 3 positions
    28, // 0x0e me 4 3+ 3 · them -: 58 positions
    -19, // 0x0f me 4+ 4 3+ 3 · them -: 58 positions
    12, // 0x10 me - · them 4+: 7 positions
    -1, // 0x11 me 4+ · them 4+: 1 positions
    -3, // 0x12 me 4 · them 4+: 4 positions
    3, // 0x13 me 4+ 4 · them 4+: 3 positions
    6, // 0x14 me 3+ · them 4+: 1 positions
    0, // 0x15 me 4+ 3+ · them 4+: 0 positions
    5, // 0x16 me 4 3+ · them 4+: 1 positions
    0, // 0x17 me 4+ 4 3+ · them 4+: 0 positions
    4, // 0x18 me 3 · them 4+: 2 positions
    0, // 0x19 me 4+ 3 · them 4+: 1 positions
    -1, // 0x1a me 4 3 · them 4+: 2 positions
    1, // 0x1b me 4+ 4 3 · them 4+: 3 positions
    18, // 0x1c me 3+ 3 · them 4+: 11 positions
    -3, // 0x1d me 4+ 3+ 3 · them 4+: 2 positions
    3, // 0x1e me 4 3+ 3 · them 4+: 7 positions
    17, // 0x1f me 4+ 4 3+ 3 · them 4+: 9 positions
    12, // 0x20 me - · them 4: 31 positions
    -1, // 0x21 me 4+ · them 4: 1 positions
    8, // 0x22 me 4 · them 4: 14 positions
    -13, // 0x23 me 4+ 4 · them 4: 9 positions
    0, // 0x24 me 3+ · them 4: 0 positions
    0, // 0x25 me 4+ 3+ · them 4: 0 positions
    -8, // 0x26 me 4 3+ · them 4: 2 positions
    4, // 0x27 me 4+ 4 3+ · them 4: 4 positions
    0, // 0x28 me 3 · them 4: 7 positions
    0, // 0x29 me 4+ 3 · them 4: 0 positions
    -4, // 0x2a me 4 3 · them 4: 5 positions
    -2, // 0x2b me 4+ 4 3 · them 4: 8 positions
    2, // 0x2c me 3+ 3 · them 4: 40 positions
    0, // 0x2d me 4+ 3+ 3 · them 4: 4 positions
    13, // 0x2e me 4 3+ 3 · them 4: 22 positions
    -4, // 0x2f me 4+ 4 3+ 3 · them 4: 27 positions
    40, // 0x30 me - · them 4+ 4: 23 positions
    1, // 0x31 me 4+ · them 4+ 4: 1 positions
    4, // 0x32 me 4 · them 4+ 4: 10 positions
    -11, // 0x33 me 4+ 4 · them 4+ 4: 18 positions
    3, // 0x34 me 3+ · them 4+ 4: 3 positions
    -5, // 0x35 me 4+ 3+ · them 4+ 4: 1 positions
    -1, // 0x36 me 4 3+ · them 4+ 4: 1 positions
    -2, // 0x37 me 4+ 4 3+ · them 4+ 4: 3 positions
    -1, // 0x38 me 3 · them 4+ 4: 9 positions
    0, // 0x39 me 4+ 3 · them 4+ 4: 0 positions
    -8, // 0x3a me 4 3 · them 4+ 4: 10 positions
    -13, // 0x3b me 4+ 4 3 · them 4+ 4: 12 positions
    38, // 0x3c me 3+ 3 · them 4+ 4: 66 positions
    -9, // 0x3d me 4+ 3+ 3 · them 4+ 4: 7 positions
    19, // 0x3e me 4 3+ 3 · them 4+ 4: 51 positions
    -11, // 0x3f me 4+ 4 3+ 3 · them 4+ 4: 69 positions
    -28, // 0x40 me - · them 3+: 38 positions
    1, // 0x41 me 4+ · them 3+: 1 positions
    -8, // 0x42 me 4 · them 3+: 6 positions
    6, // 0x43 me 4+ 4 · them 3+: 3 positions
    -1, // 0x44 me 3+ · them 3+: 3 positions
    0, // 0x45 me 4+ 3+ · them 3+: 0 positions
    -1, // 0x46 me 4 3+ · them 3+: 4 positions
    2, // 0x47 me 4+ 4 3+ · them 3+: 1 positions
    -20, // 0x48 me 3 · them 3+: 15 positions
    1, // 0x49 me 4+ 3 · them 3+: 2 positions
    0, // 0x4a me 4 3 · them 3+: 0 positions
    4, // 0x4b me 4+ 4 3 · them 3+: 2 positions
    -30, // 0x4c me 3+ 3 · them 3+: 42 positions
    -1, // 0x4d me 4+ 3+ 3 · them 3+: 3 positions
    12, // 0x4e me 4 3+ 3 · them 3+: 16 positions
    -15, // 0x4f me 4+ 4 3+ 3 · them 3+: 13 positions
    3, // 0x50 me - · them 4+ 3+: 2 positions
    0, // 0x51 me 4+ · them 4+ 3+: 0 positions
    0, // 0x52 me 4 · them 4+ 3+: 0 positions
    2, // 0x53 me 4+ 4 · them 4+ 3+: 1 positions
    0, // 0x54 me 3+ · them 4+ 3+: 0 positions
    0, // 0x55 me 4+ 3+ · them 4+ 3+: 0 positions
    0, // 0x56 me 4 3+ · them 4+ 3+: 0 positions
    0, // 0x57 me 4+ 4 3+ · them 4+ 3+: 0 positions
    0, // 0x58 me 3 · them 4+ 3+: 0 positions
    0, // 0x59 me 4+ 3 · them 4+ 3+: 0 positions
    -1, // 0x5a me 4 3 · them 4+ 3+: 1 positions
    2, // 0x5b me 4+ 4 3 · them 4+ 3+: 1 positions
    3, // 0x5c me 3+ 3 · them 4+ 3+: 2 positions
    2, // 0x5d me 4+ 3+ 3 · them 4+ 3+: 2 positions
    -2, // 0x5e me 4 3+ 3 · them 4+ 3+: 4 positions
    9, // 0x5f me 4+ 4 3+ 3 · them 4+ 3+: 11 positions
    -8, // 0x60 me - · them 4 3+: 5 positions
    0, // 0x61 me 4+ · them 4 3+: 0 positions
    -2, // 0x62 me 4 · them 4 3+: 2 positions
    -4, // 0x63 me 4+ 4 · them 4 3+: 1 positions
    0, // 0x64 me 3+ · them 4 3+: 0 positions
    0, // 0x65 me 4+ 3+ · them 4 3+: 0 positions
    0, // 0x66 me 4 3+ · them 4 3+: 0 positions
    -4, // 0x67 me 4+ 4 3+ · them 4 3+: 1 positions
    -8, // 0x68 me 3 · them 4 3+: 6 positions
    0, // 0x69 me 4+ 3 · them 4 3+: 0 positions
    -1, // 0x6a me 4 3 · them 4 3+: 1 positions
    -16, // 0x6b me 4+ 4 3 · them 4 3+: 3 positions
    11, // 0x6c me 3+ 3 · them 4 3+: 11 positions
    0, // 0x6d me 4+ 3+ 3 · them 4 3+: 1 positions
    -4, // 0x6e me 4 3+ 3 · them 4 3+: 5 positions
    4, // 0x6f me 4+ 4 3+ 3 · them 4 3+: 8 positions
    2, // 0x70 me - · them 4+ 4 3+: 7 positions
    1, // 0x71 me 4+ · them 4+ 4 3+: 1 positions
    -2, // 0x72 me 4 · them 4+ 4 3+: 4 positions
    7, // 0x73 me 4+ 4 · them 4+ 4 3+: 3 positions
    3, // 0x74 me 3+ · them 4+ 4 3+: 1 positions
    0, // 0x75 me 4+ 3+ · them 4+ 4 3+: 0 positions
    -1, // 0x76 me 4 3+ · them 4+ 4 3+: 1 positions
    0, // 0x77 me 4+ 4 3+ · them 4+ 4 3+: 0 positions
    -3, // 0x78 me 3 · them 4+ 4 3+: 2 positions
    0, // 0x79 me 4+ 3 · them 4+ 4 3+: 0 positions
    -4, // 0x7a me 4 3 · them 4+ 4 3+: 3 positions
    -10, // 0x7b me 4+ 4 3 · them 4+ 4 3+: 6 positions
    2, // 0x7c me 3+ 3 · them 4+ 4 3+: 22 positions
    -7, // 0x7d me 4+ 3+ 3 · them 4+ 4 3+: 3 positions
    2, // 0x7e me 4 3+ 3 · them 4+ 4 3+: 17 positions
    -22, // 0x7f me 4+ 4 3+ 3 · them 4+ 4 3+: 26 positions
    51, // 0x80 me - · them 3: 323 positions
    0, // 0x81 me 4+ · them 3: 0 positions
    22, // 0x82 me 4 · them 3: 13 positions
    1, // 0x83 me 4+ 4 · them 3: 12 positions
    4, // 0x84 me 3+ · them 3: 11 positions
    0, // 0x85 me 4+ 3+ · them 3: 0 positions
    0, // 0x86 me 4 3+ · them 3: 0 positions
    4, // 0x87 me 4+ 4 3+ · them 3: 2 positions
    -12, // 0x88 me 3 · them 3: 169 positions
    0, // 0x89 me 4+ 3 · them 3: 0 positions
    -17, // 0x8a me 4 3 · them 3: 8 positions
    -8, // 0x8b me 4+ 4 3 · them 3: 9 positions
    -6, // 0x8c me 3+ 3 · them 3: 211 positions
    5, // 0x8d me 4+ 3+ 3 · them 3: 3 positions
    -5, // 0x8e me 4 3+ 3 · them 3: 50 positions
    4, // 0x8f me 4+ 4 3+ 3 · them 3: 36 positions
    10, // 0x90 me - · them 4+ 3: 6 positions
    0, // 0x91 me 4+ · them 4+ 3: 0 positions
    5, // 0x92 me 4 · them 4+ 3: 2 positions
    7, // 0x93 me 4+ 4 · them 4+ 3: 3 positions
    -1, // 0x94 me 3+ · them 4+ 3: 1 positions
    0, // 0x95 me 4+ 3+ · them 4+ 3: 0 positions
    -4, // 0x96 me 4 3+ · them 4+ 3: 1 positions
    -1, // 0x97 me 4+ 4 3+ · them 4+ 3: 1 positions
    3, // 0x98 me 3 · them 4+ 3: 3 positions
    0, // 0x99 me 4+ 3 · them 4+ 3: 0 positions
    -2, // 0x9a me 4 3 · them 4+ 3: 1 positions
    -11, // 0x9b me 4+ 4 3 · them 4+ 3: 3 positions
    25, // 0x9c me 3+ 3 · them 4+ 3: 14 positions
    0, // 0x9d me 4+ 3+ 3 · them 4+ 3: 0 positions
    5, // 0x9e me 4 3+ 3 · them 4+ 3: 11 positions
    -5, // 0x9f me 4+ 4 3+ 3 · them 4+ 3: 14 positions
    15, // 0xa0 me - · them 4 3: 9 positions
    0, // 0xa1 me 4+ · them 4 3: 0 positions
    3, // 0xa2 me 4 · them 4 3: 6 positions
    4, // 0xa3 me 4+ 4 · them 4 3: 9 positions
    5, // 0xa4 me 3+ · them 4 3: 2 positions
    0, // 0xa5 me 4+ 3+ · them 4 3: 0 positions
    -1, // 0xa6 me 4 3+ · them 4 3: 1 positions
    0, // 0xa7 me 4+ 4 3+ · them 4 3: 4 positions
    -6, // 0xa8 me 3 · them 4 3: 6 positions
    0, // 0xa9 me 4+ 3 · them 4 3: 0 positions
    -3, // 0xaa me 4 3 · them 4 3: 4 positions
    3, // 0xab me 4+ 4 3 · them 4 3: 5 positions
    -15, // 0xac me 3+ 3 · them 4 3: 44 positions
    2, // 0xad me 4+ 3+ 3 · them 4 3: 2 positions
    0, // 0xae me 4 3+ 3 · them 4 3: 27 positions
    0, // 0xaf me 4+ 4 3+ 3 · them 4 3: 27 positions
    34, // 0xb0 me - · them 4+ 4 3: 21 positions
    8, // 0xb1 me 4+ · them 4+ 4 3: 4 positions
    17, // 0xb2 me 4 · them 4+ 4 3: 12 positions
    34, // 0xb3 me 4+ 4 · them 4+ 4 3: 25 positions
    0, // 0xb4 me 3+ · them 4+ 4 3: 0 positions
    0, // 0xb5 me 4+ 3+ · them 4+ 4 3: 0 positions
    1, // 0xb6 me 4 3+ · them 4+ 4 3: 5 positions
    15, // 0xb7 me 4+ 4 3+ · them 4+ 4 3: 3 positions
    8, // 0xb8 me 3 · them 4+ 4 3: 12 positions
    0, // 0xb9 me 4+ 3 · them 4+ 4 3: 0 positions
    6, // 0xba me 4 3 · them 4+ 4 3: 15 positions
    18, // 0xbb me 4+ 4 3 · them 4+ 4 3: 16 positions
    30, // 0xbc me 3+ 3 · them 4+ 4 3: 98 positions
    -7, // 0xbd me 4+ 3+ 3 · them 4+ 4 3: 9 positions
    18, // 0xbe me 4 3+ 3 · them 4+ 4 3: 60 positions
    40, // 0xbf me 4+ 4 3+ 3 · them 4+ 4 3: 95 positions
    17, // 0xc0 me - · them 3+ 3: 1656 positions
    -1, // 0xc1 me 4+ · them 3+ 3: 20 positions
    -113, // 0xc2 me 4 · them 3+ 3: 274 positions
    -64, // 0xc3 me 4+ 4 · them 3+ 3: 189 positions
    -15, // 0xc4 me 3+ · them 3+ 3: 77 positions
    9, // 0xc5 me 4+ 3+ · them 3+ 3: 3 positions
    -14, // 0xc6 me 4 3+ · them 3+ 3: 42 positions
    0, // 0xc7 me 4+ 4 3+ · them 3+ 3: 30 positions
    -47, // 0xc8 me 3 · them 3+ 3: 893 positions
    -47, // 0xc9 me 4+ 3 · them 3+ 3: 26 positions
    -90, // 0xca me 4 3 · them 3+ 3: 115 positions
    -22, // 0xcb me 4+ 4 3 · them 3+ 3: 170 positions
    -29, // 0xcc me 3+ 3 · them 3+ 3: 1845 positions
    30, // 0xcd me 4+ 3+ 3 · them 3+ 3: 103 positions
    49, // 0xce me 4 3+ 3 · them 3+ 3: 765 positions
    142, // 0xcf me 4+ 4 3+ 3 · them 3+ 3: 802 positions
    11, // 0xd0 me - · them 4+ 3+ 3: 30 positions
    0, // 0xd1 me 4+ · them 4+ 3+ 3: 5 positions
    -4, // 0xd2 me 4 · them 4+ 3+ 3: 18 positions
    1, // 0xd3 me 4+ 4 · them 4+ 3+ 3: 15 positions
    7, // 0xd4 me 3+ · them 4+ 3+ 3: 4 positions
    8, // 0xd5 me 4+ 3+ · them 4+ 3+ 3: 3 positions
    -3, // 0xd6 me 4 3+ · them 4+ 3+ 3: 3 positions
    -7, // 0xd7 me 4+ 4 3+ · them 4+ 3+ 3: 5 positions
    -5, // 0xd8 me 3 · them 4+ 3+ 3: 14 positions
    -4, // 0xd9 me 4+ 3 · them 4+ 3+ 3: 3 positions
    15, // 0xda me 4 3 · them 4+ 3+ 3: 11 positions
    2, // 0xdb me 4+ 4 3 · them 4+ 3+ 3: 25 positions
    12, // 0xdc me 3+ 3 · them 4+ 3+ 3: 141 positions
    19, // 0xdd me 4+ 3+ 3 · them 4+ 3+ 3: 17 positions
    76, // 0xde me 4 3+ 3 · them 4+ 3+ 3: 95 positions
    50, // 0xdf me 4+ 4 3+ 3 · them 4+ 3+ 3: 178 positions
    -5, // 0xe0 me - · them 4 3+ 3: 105 positions
    12, // 0xe1 me 4+ · them 4 3+ 3: 9 positions
    -57, // 0xe2 me 4 · them 4 3+ 3: 58 positions
    -8, // 0xe3 me 4+ 4 · them 4 3+ 3: 58 positions
    10, // 0xe4 me 3+ · them 4 3+ 3: 20 positions
    4, // 0xe5 me 4+ 3+ · them 4 3+ 3: 1 positions
    -12, // 0xe6 me 4 3+ · them 4 3+ 3: 12 positions
    10, // 0xe7 me 4+ 4 3+ · them 4 3+ 3: 11 positions
    -31, // 0xe8 me 3 · them 4 3+ 3: 91 positions
    -7, // 0xe9 me 4+ 3 · them 4 3+ 3: 5 positions
    -12, // 0xea me 4 3 · them 4 3+ 3: 36 positions
    -66, // 0xeb me 4+ 4 3 · them 4 3+ 3: 66 positions
    -19, // 0xec me 3+ 3 · them 4 3+ 3: 448 positions
    24, // 0xed me 4+ 3+ 3 · them 4 3+ 3: 38 positions
    -4, // 0xee me 4 3+ 3 · them 4 3+ 3: 241 positions
    72, // 0xef me 4+ 4 3+ 3 · them 4 3+ 3: 371 positions
    14, // 0xf0 me - · them 4+ 4 3+ 3: 133 positions
    -13, // 0xf1 me 4+ · them 4+ 4 3+ 3: 16 positions
    -57, // 0xf2 me 4 · them 4+ 4 3+ 3: 117 positions
    -48, // 0xf3 me 4+ 4 · them 4+ 4 3+ 3: 180 positions
    -8, // 0xf4 me 3+ · them 4+ 4 3+ 3: 31 positions
    -2, // 0xf5 me 4+ 3+ · them 4+ 4 3+ 3: 5 positions
    -6, // 0xf6 me 4 3+ · them 4+ 4 3+ 3: 16 positions
    32, // 0xf7 me 4+ 4 3+ · them 4+ 4 3+ 3: 32 positions
    19, // 0xf8 me 3 · them 4+ 4 3+ 3: 96 positions
    -17, // 0xf9 me 4+ 3 · them 4+ 4 3+ 3: 13 positions
    -23, // 0xfa me 4 3 · them 4+ 4 3+ 3: 86 positions
    -37, // 0xfb me 4+ 4 3 · them 4+ 4 3+ 3: 186 positions
    -98, // 0xfc me 3+ 3 · them 4+ 4 3+ 3: 901 positions
    -1, // 0xfd me 4+ 3+ 3 · them 4+ 4 3+ 3: 100 positions
    -8, // 0xfe me 4 3+ 3 · them 4+ 4 3+ 3: 563 positions
    -39, // 0xff me 4+ 4 3+ 3 · them 4+ 4 3+ 3: 1054 positions
];
