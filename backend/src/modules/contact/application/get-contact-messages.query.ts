import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminContactMessage } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { ContactSubmissionEntity } from '../persistence/contact-submission.entity.js';

export const CONTACT_PAGE_SIZE = 500;

export class GetContactMessagesQuery {
  constructor(
    /** Only messages with a smaller id (the last one of the previous page); none for the newest. */
    readonly before?: number,
  ) {}
}

/**
 * The landing page's contact messages, newest first, a page at a time. Ids grow with time (one insert per message),
 * so paging by id is stable while new messages arrive.
 */
@QueryHandler(GetContactMessagesQuery)
export class GetContactMessagesHandler implements IQueryHandler<GetContactMessagesQuery, AdminContactMessage[]> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ before }: GetContactMessagesQuery): Promise<AdminContactMessage[]> {
    const rows = await this.database.em().find(ContactSubmissionEntity, before ? { id: { $lt: before } } : {}, {
      orderBy: { id: 'desc' },
      limit: CONTACT_PAGE_SIZE,
    });
    // The sender's address stays out of the list: it is kept to trace abuse, not to be shown.
    return rows.map(({ id, name, email, message, createdAt }) => ({
      id,
      name,
      email,
      message,
      createdAt: createdAt.toISOString(),
    }));
  }
}
