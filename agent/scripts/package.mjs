// Packs dist/tafrit-agent.mjs into one zip per system under dist/downloads/, with the fixed names the server serves
// (agentDownloadName): a folder tafrit-agent/ holding the agent, a start script and a Hebrew README.txt.
// The zip is written by hand (deflate + crc32 from node:zlib) so the build needs no archiver dependency.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';

const root = new URL('../', import.meta.url);
const dist = new URL('dist/', root);
const downloads = new URL('downloads/', dist);

// Kept in step with AGENT_VERSION by reading it from the bundle, which is built from the contracts.
const bundle = await readFile(new URL('tafrit-agent.mjs', dist));
const version = /const AGENT_VERSION = "(\d+)"/.exec(bundle.toString())?.[1];
if (!version) throw new Error('AGENT_VERSION not found in dist/tafrit-agent.mjs: run the rolldown build first');
const downloadName = (platform) => `tafrit-agent-${platform}-${version}.zip`;

const NODE_MISSING_HE = 'Node.js לא מותקן או ישן מדי. התקינו Node.js 20 ומעלה מ-https://nodejs.org ונסו שוב.';
const NODE_MISSING_EN =
  'Node.js is missing or too old. Install Node.js 20 or newer from https://nodejs.org and try again.';
const NODE_CHECK = `node -e "process.exit(Number(process.versions.node.split('.')[0]) >= 20 ? 0 : 1)"`;

const shellStart = (extraPath) => `#!/bin/sh
# Starts the Tafrit printing agent from this folder / מפעיל את סוכן ההדפסה של תפריט
cd "$(dirname "$0")" || exit 1
${extraPath ? 'PATH="$PATH:/usr/local/bin:/opt/homebrew/bin"\nexport PATH\n' : ''}if ! command -v node >/dev/null 2>&1 || ! ${NODE_CHECK} >/dev/null 2>&1; then
  echo "${NODE_MISSING_HE}"
  echo "${NODE_MISSING_EN}"
  exit 1
fi
exec node tafrit-agent.mjs run "$@"
`;

const windowsStart = [
  '@echo off',
  'rem Starts the Tafrit printing agent from this folder',
  'chcp 65001 >nul',
  'cd /d "%~dp0"',
  'where node >nul 2>nul',
  'if errorlevel 1 goto nonode',
  `${NODE_CHECK} >nul 2>nul`,
  'if errorlevel 1 goto nonode',
  'node tafrit-agent.mjs run %*',
  'pause',
  'exit /b',
  ':nonode',
  `echo ${NODE_MISSING_HE}`,
  `echo ${NODE_MISSING_EN}`,
  'pause',
  'exit /b 1',
  '',
].join('\r\n');

const readme = (platform, start) => {
  const text = `סוכן ההדפסה של תפריט (גרסה ${version})
=========================================

מה זה?
התוכנה הקטנה הזו רצה על מחשב בבית הקפה, ליד מדפסת הבונים במטבח. היא מתחברת לשרת של תפריט ומדפיסה כל הזמנה
ששולמה, מיד כשהיא מגיעה. אין צורך בדרייבר: השרת שולח את הדף מוכן להדפסה (ESC/POS).

1. התקנת Node.js
   התקינו Node.js בגרסה 20 ומעלה מ-https://nodejs.org (הגרסה המומלצת, LTS).
   בדיקה: פתחו ${platform === 'windows' ? 'שורת פקודה (cmd)' : 'מסוף (Terminal)'} והקלידו: node --version

2. חיבור לעסק (פעם אחת)
   בהגדרות העסק באתר, בכרטיס "הדפסה מקומית", צרו קוד חיבור. בתיקייה הזו הריצו:
     node tafrit-agent.mjs pair CODE --server URL --printer tcp://192.168.1.50:9100
   CODE הוא הקוד מהאתר, URL היא כתובת האתר (למשל https://tafrit.co.il),
   ו-192.168.1.50 היא כתובת המדפסת ברשת (מודפסת בדרך כלל בדף ההגדרות של המדפסת).
   סוגי מדפסות:
     tcp://IP:9100        מדפסת רשת
     cups:NAME            מדפסת שמותקנת במק או בלינוקס (לפי השם שלה במערכת)
     windows:SHARE        מדפסת משותפת בווינדוס (שם השיתוף)
     file:PATH            כתיבה לקובץ או להתקן (למשל /dev/usb/lp0)

3. דף בדיקה
     node tafrit-agent.mjs test-print

4. הפעלה
   הפעילו את ${start} (לחיצה כפולה) או הריצו: node tafrit-agent.mjs run
   השאירו את החלון פתוח: כל עוד הוא פתוח, ההזמנות יודפסו. לעצירה: Ctrl+C.

בדיקת מצב
     node tafrit-agent.mjs status

תקלות נפוצות
- "הסוכן עדיין לא חובר לעסק": הריצו קודם את פקודת pair (שלב 2).
- "החיבור של הסוכן בוטל או הוחלף": חובר סוכן אחר לעסק, או שהחיבור בוטל. צרו קוד חדש והריצו pair שוב.
- ההדפסה נכשלת: בדקו שהמדפסת דולקת, שיש בה נייר, ושכתובת ה-IP נכונה (אפשר לבדוק עם ping).
  הגדרת המדפסת נשמרת בחיבור; אפשר לנסות מדפסת אחרת: node tafrit-agent.mjs test-print --printer tcp://IP:9100
- אין חיבור לשרת: בדקו את חיבור האינטרנט. הסוכן מתחבר מחדש לבד, וההזמנות שהצטברו יודפסו כשהחיבור יחזור.
- הזמנה לא תודפס פעמיים: הסוכן זוכר את הדפים שכבר הדפיס.

Tafrit printing agent ${version}: pair with "node tafrit-agent.mjs pair CODE --server URL --printer tcp://IP:9100",
check with "test-print", then keep "run" (or ${start}) open. Node.js 20 or newer is required (https://nodejs.org).
`;
  return platform === 'windows' ? text.replace(/\n/g, '\r\n') : text;
};

const PLATFORMS = {
  windows: { start: 'start.cmd', script: windowsStart },
  mac: { start: 'start.command', script: shellStart(true) },
  linux: { start: 'start.sh', script: shellStart(false) },
};

// --- a minimal zip writer (deflate, UTF-8 names, Unix modes in the external attributes) ---
const DOS_TIME = 0; // 00:00:00
const DOS_DATE = ((2025 - 1980) << 9) | (9 << 5) | 20; // fixed, so the same input gives the same zip

const zip = (entries) => {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data, mode } of entries) {
    const isDir = name.endsWith('/');
    const nameBytes = Buffer.from(name, 'utf8');
    const raw = data ?? Buffer.alloc(0);
    const compressed = isDir ? raw : deflateRawSync(raw, { level: 9 });
    const method = isDir ? 0 : 8;
    const crc = isDir ? 0 : crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the external attributes carry the mode
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    const unixMode = isDir ? 0o040755 : (mode ?? 0o100644);
    central.writeUInt32LE(((unixMode << 16) | (isDir ? 0x10 : 0)) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
};

await rm(downloads, { recursive: true, force: true });
await mkdir(downloads, { recursive: true });
for (const [platform, { start, script }] of Object.entries(PLATFORMS)) {
  const archive = zip([
    { name: 'tafrit-agent/' },
    { name: 'tafrit-agent/tafrit-agent.mjs', data: bundle, mode: 0o100755 },
    { name: `tafrit-agent/${start}`, data: Buffer.from(script, 'utf8'), mode: 0o100755 },
    { name: 'tafrit-agent/README.txt', data: Buffer.from(readme(platform, start), 'utf8') },
  ]);
  const name = downloadName(platform);
  await writeFile(new URL(name, downloads), archive);
  const sha256 = createHash('sha256').update(archive).digest('hex');
  await writeFile(new URL(`${name}.sha256`, downloads), `${sha256}  ${name}\n`);
  console.log(`${fileURLToPath(new URL(name, downloads))}  ${archive.length} bytes  sha256 ${sha256}`);
}
