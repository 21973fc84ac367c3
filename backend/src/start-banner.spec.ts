import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './config/config.js';
import { bannerLines } from './start-banner.js';

const database = { embedded: true, status: 'ready' as const };
const banner = (env: Record<string, string>, lan = ['192.168.1.20']) =>
  bannerLines({ config: loadConfig({ DATA_DIR: '/tmp/tafrit-banner', ...env }), port: 3000, database, lan }).join('\n');

describe('the start banner', () => {
  it('names the LAN address and how to put it into PUBLIC_URL to try the menu from a phone', () => {
    const text = banner({ HOST: '0.0.0.0', PORT: '3000' });
    expect(text).toContain('Tafrit is running: http://localhost:3000');
    expect(text).toContain('On your network:  http://192.168.1.20:3000');
    expect(text).toContain('PUBLIC_URL=http://192.168.1.20:3000 npm start');
  });

  it('gives no advice already followed, and none without a network', () => {
    const set = banner({ HOST: '0.0.0.0', PORT: '3000', PUBLIC_URL: 'http://192.168.1.20:3000' });
    expect(set).toContain('On your network:  http://192.168.1.20:3000');
    expect(set).not.toContain('PUBLIC_URL=');
    expect(banner({ HOST: '0.0.0.0', PORT: '3000' }, [])).not.toContain('On your network');
  });

  it('says when only this machine can open it', () => {
    expect(banner({ HOST: '127.0.0.1', PORT: '3000' })).toContain('HOST=0.0.0.0 lets a phone on your network open it');
  });
});
