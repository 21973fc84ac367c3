import { ConfigError } from './config.js';
import { loadTaxAuthorityConfig } from './tax-authority.config.js';

describe('the Tax Authority connection (decision 047)', () => {
  const connection = {
    TAX_AUTHORITY_API_URL: 'https://ita-api.taxes.gov.il/shaam/tsandbox/',
    TAX_AUTHORITY_CLIENT_ID: 'app-id',
    TAX_AUTHORITY_CLIENT_SECRET: 'app-secret',
    TAX_AUTHORITY_SOFTWARE_NUMBER: '207703',
  };
  const publicUrl = 'https://tafrit.example';

  it('is not connected unless told', () => {
    expect(loadTaxAuthorityConfig({}, publicUrl)).toBeUndefined();
  });

  it('reads all four, with defaults for the rest', () => {
    expect(loadTaxAuthorityConfig(connection, publicUrl)).toEqual({
      apiUrl: 'https://ita-api.taxes.gov.il/shaam/tsandbox',
      authUrl: 'https://ita-api.taxes.gov.il/shaam/tsandbox',
      clientId: 'app-id',
      clientSecret: 'app-secret',
      redirectUri: 'https://tafrit.example/api/owner/tax-authority/callback',
      softwareNumber: '207703',
      timeoutMs: 10_000,
    });
    expect(
      loadTaxAuthorityConfig(
        {
          ...connection,
          TAX_AUTHORITY_AUTH_URL: 'https://openapi.taxes.gov.il/shaam/tsandbox',
          TAX_AUTHORITY_TIMEOUT_MS: '500',
        },
        publicUrl,
      ),
    ).toMatchObject({ authUrl: 'https://openapi.taxes.gov.il/shaam/tsandbox', timeoutMs: 500 });
  });

  it('refuses half a connection and bad values, naming every one', () => {
    let caught: unknown;
    try {
      loadTaxAuthorityConfig({ TAX_AUTHORITY_API_URL: connection.TAX_AUTHORITY_API_URL }, publicUrl);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'TAX_AUTHORITY_CLIENT_ID',
      'TAX_AUTHORITY_CLIENT_SECRET',
      'TAX_AUTHORITY_SOFTWARE_NUMBER',
    ]);
    expect(() =>
      loadTaxAuthorityConfig(
        { ...connection, TAX_AUTHORITY_SOFTWARE_NUMBER: '12-34', TAX_AUTHORITY_TIMEOUT_MS: '5' },
        publicUrl,
      ),
    ).toThrow(/TAX_AUTHORITY_SOFTWARE_NUMBER[\s\S]*TAX_AUTHORITY_TIMEOUT_MS/);
  });
});
