import { BusinessEntity } from '../../modules/accounts/projections/business.entity.js';
import { OtpCodeEntity } from '../../modules/accounts/persistence/otp-code.entity.js';
import { UserSessionEntity } from '../../modules/accounts/persistence/user-session.entity.js';
import { AdminUserEntity } from '../../modules/admin/persistence/admin-user.entity.js';
import { SystemSettingEntity } from '../../modules/admin/persistence/system-setting.entity.js';
import { ContactSubmissionEntity } from '../../modules/contact/persistence/contact-submission.entity.js';
import { CategoryEntity } from '../../modules/menu/persistence/category.entity.js';
import { ProductEntity } from '../../modules/menu/persistence/product.entity.js';
import { OrderEntity } from '../../modules/ordering/projections/order.entity.js';
import { PrinterConnectionEntity } from '../../modules/printing/projections/printer-connection.entity.js';

/** Every MikroORM entity, listed explicitly: no folder discovery, so tests and the SWC build see the same set. */
export const entities = [
  BusinessEntity,
  CategoryEntity,
  ProductEntity,
  OrderEntity,
  OtpCodeEntity,
  UserSessionEntity,
  AdminUserEntity,
  SystemSettingEntity,
  ContactSubmissionEntity,
  PrinterConnectionEntity,
];
