/** A body that only says what happened, in Turkish (e.g. after a register or a delete). */
export interface Notice {
  message: string;
}

/** Users and posts carry their id twice, as `_id` and `id` (the same value). */
export interface Identified {
  _id: string;
  id: string;
}
