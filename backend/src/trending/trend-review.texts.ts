/** Trend review's Turkish texts (answers and validation messages), in one place. */
export const HASHTAG_HIDDEN = 'Etiket gündemden gizlendi.';
export const HASHTAG_ALREADY_HIDDEN = 'Etiket zaten gündemden gizli.';
export const HASHTAG_SHOWN = 'Etiket yeniden gündemde gösterilebilir.';
export const HASHTAG_NOT_HIDDEN = 'Bu etiket gündemden gizlenmemiş.';
