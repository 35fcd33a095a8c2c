import { UserToken } from '../auth/user-token.entity';
import { User } from '../users/user.entity';

export const entities = [User, UserToken];
