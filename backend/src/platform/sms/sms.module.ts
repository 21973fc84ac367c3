import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { Metrics } from '../metrics/metrics.js';
import { countedSmsSender } from './counted-sms.sender.js';
import { InforuSmsSender } from './inforu-sms.sender.js';
import { LogSmsSender } from './log-sms.sender.js';
import { SMS_SENDER, type SmsSender } from './sms.port.js';

/** The SMS gateway chosen by `SMS_PROVIDER` (validated in config.ts), for every module that sends a message. */
@Global()
@Module({
  providers: [
    {
      provide: SMS_SENDER,
      inject: [APP_CONFIG, Metrics],
      useFactory: (config: AppConfig, metrics: Metrics): SmsSender =>
        countedSmsSender(
          config.smsProvider === 'inforu' && config.inforu
            ? new InforuSmsSender(config.inforu)
            : // `LOG_LEVEL=silent` (tests) means silent: the file still gets every line.
              new LogSmsSender({ file: config.smsLogFile, print: config.logLevel !== 'silent' }),
          metrics,
        ),
    },
  ],
  exports: [SMS_SENDER],
})
export class SmsModule {}
