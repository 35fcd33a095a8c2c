import { CreateUsers1763780000000 } from './1763780000000-CreateUsers';
import { CreatePosts1763790000000 } from './1763790000000-CreatePosts';
import { CreateMessages1763800000000 } from './1763800000000-CreateMessages';
import { CreateSettings1763900000000 } from './1763900000000-CreateSettings';
import { QueryIndexes1764000000000 } from './1764000000000-QueryIndexes';
import { CounterFillfactor1764100000000 } from './1764100000000-CounterFillfactor';
import { UserSearchColumn1764200000000 } from './1764200000000-UserSearchColumn';
import { IdempotencyKeys1764300000000 } from './1764300000000-IdempotencyKeys';
import { NormaliseEmails1764400000000 } from './1764400000000-NormaliseEmails';
import { EngagementVersion1764500000000 } from './1764500000000-EngagementVersion';
import { Notifications1764600000000 } from './1764600000000-Notifications';
import { FollowingFeed1764700000000 } from './1764700000000-FollowingFeed';
import { ThreadIndexes1764720000000 } from './1764720000000-ThreadIndexes';
import { HomeFeed1764740000000 } from './1764740000000-HomeFeed';
import { PeopleSearchIndex1764730000000 } from './1764730000000-PeopleSearchIndex';
import { PeopleSearchWords1764750000000 } from './1764750000000-PeopleSearchWords';
import { FollowListIndexes1764760000000 } from './1764760000000-FollowListIndexes';
import { MediaAttachments1764770000000 } from './1764770000000-MediaAttachments';
import { AuthorMediaIndex1764775000000 } from './1764775000000-AuthorMediaIndex';
import { ProfileImages1764780000000 } from './1764780000000-ProfileImages';
import { MediaStats1764790000000 } from './1764790000000-MediaStats';
import { AuditLog1764800000000 } from './1764800000000-AuditLog';
import { Blocks1764810000000 } from './1764810000000-Blocks';
import { ServerRules1764820000001 } from './1764820000001-ServerRules';
import { RegistrationMode1764820000002 } from './1764820000002-RegistrationMode';
import { BlockedEmailDomains1764820000003 } from './1764820000003-BlockedEmailDomains';
import { HiddenHashtags1764820000004 } from './1764820000004-HiddenHashtags';
import { Reports1764830000001 } from './1764830000001-Reports';
import { ReportNotifications1764830000002 } from './1764830000002-ReportNotifications';
import { NotificationSenderCap1764840000000 } from './1764840000000-NotificationSenderCap';
import { MentionsFrom1764840000001 } from './1764840000001-MentionsFrom';
import { AccountActions1764850000001 } from './1764850000001-AccountActions';
import { Appeals1764850000002 } from './1764850000002-Appeals';
import { Mutes1764860000001 } from './1764860000001-Mutes';
import { AccountLimits1764870000001 } from './1764870000001-AccountLimits';
import { ReportRulesAndPostRemoval1764880000001 } from './1764880000001-ReportRulesAndPostRemoval';
import { RemovedPostArchive1764890000001 } from './1764890000001-RemovedPostArchive';
import { AccountPrivacy1764900000001 } from './1764900000001-AccountPrivacy';
import { NotificationDigests1764900000200 } from './1764900000200-NotificationDigests';
import { RankedFeed1764900000600 } from './1764900000600-RankedFeed';
import { Bookmarks1764910000001 } from './1764910000001-Bookmarks';
import { PostEdits1764920000001 } from './1764920000001-PostEdits';
import { PostPins1764920000002 } from './1764920000002-PostPins';
import { QuotePosts1764920000003 } from './1764920000003-QuotePosts';

/** Listed explicitly (not globbed) so the same list works compiled, under jest ESM and in the CLI. */
export const migrations = [
  CreateUsers1763780000000,
  CreatePosts1763790000000,
  CreateMessages1763800000000,
  CreateSettings1763900000000,
  QueryIndexes1764000000000,
  CounterFillfactor1764100000000,
  UserSearchColumn1764200000000,
  IdempotencyKeys1764300000000,
  NormaliseEmails1764400000000,
  EngagementVersion1764500000000,
  Notifications1764600000000,
  FollowingFeed1764700000000,
  ThreadIndexes1764720000000,
  PeopleSearchIndex1764730000000,
  HomeFeed1764740000000,
  PeopleSearchWords1764750000000,
  FollowListIndexes1764760000000,
  MediaAttachments1764770000000,
  AuthorMediaIndex1764775000000,
  ProfileImages1764780000000,
  MediaStats1764790000000,
  AuditLog1764800000000,
  Blocks1764810000000,
  ServerRules1764820000001,
  RegistrationMode1764820000002,
  BlockedEmailDomains1764820000003,
  HiddenHashtags1764820000004,
  Reports1764830000001,
  ReportNotifications1764830000002,
  NotificationSenderCap1764840000000,
  MentionsFrom1764840000001,
  AccountActions1764850000001,
  Appeals1764850000002,
  Mutes1764860000001,
  AccountLimits1764870000001,
  ReportRulesAndPostRemoval1764880000001,
  RemovedPostArchive1764890000001,
  AccountPrivacy1764900000001,
  NotificationDigests1764900000200,
  RankedFeed1764900000600,
  Bookmarks1764910000001,
  PostEdits1764920000001,
  PostPins1764920000002,
  QuotePosts1764920000003,
];
