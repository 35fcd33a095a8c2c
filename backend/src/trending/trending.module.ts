import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity';
import { TrendingController } from './trending.controller';
import { TrendingRepository } from './trending.repository';
import { TrendingService } from './trending.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [TrendingController],
  providers: [TrendingService, TrendingRepository],
})
export class TrendingModule {}
