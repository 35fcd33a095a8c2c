/** The social module's Turkish texts (answers and validation messages), in one place. */
export const CANNOT_FOLLOW_SELF = 'Kendinizi takip edemezsiniz.';
export const CANNOT_BLOCK_SELF = 'Kendinizi engelleyemezsiniz.';
/** A follow refused because of a block (either way): says no more than that it cannot be done. */
export const CANNOT_FOLLOW_USER = 'Bu hesabı takip edemezsiniz.';
