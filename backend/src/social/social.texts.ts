/** The social module's Turkish texts (answers and validation messages), in one place. */
export const CANNOT_FOLLOW_SELF = 'Kendinizi takip edemezsiniz.';
