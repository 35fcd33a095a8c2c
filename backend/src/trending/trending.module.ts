import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity';
import { TrendReviewController } from './trend-review.controller';
import { TrendReviewService } from './trend-review.service';
import { TrendingController } from './trending.controller';
import { TrendingRepository } from './trending.repository';
import { TrendingService } from './trending.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [TrendingController, TrendReviewController],
  providers: [TrendingService, TrendingRepository, TrendReviewService],
})
export class TrendingModule {}
