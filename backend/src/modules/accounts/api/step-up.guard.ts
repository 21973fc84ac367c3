import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.js';
import { StepUps } from '../application/step-ups.service.js';

/**
 * After `OwnerGuard`, on the routes that need a fresh code whatever their body says (the Cardcom password, a new QR
 * address): 403 `auth.step_up_required` unless the caller's sign-in stepped up in the last five minutes.
 */
@Injectable()
export class StepUpGuard implements CanActivate {
  constructor(private readonly stepUps: StepUps) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const owner = context.switchToHttp().getRequest<FastifyRequest>().owner;
    if (!owner || !(await this.stepUps.isFresh(owner))) throw new AppError('auth.step_up_required');
    return true;
  }
}
