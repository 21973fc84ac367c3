// Packs dist/tafrit-agent.mjs into one zip per system under dist/downloads/, with the fixed names the server serves
// (agentDownloadName): a folder tafrit-agent/ holding the agent, a start script and a Hebrew README.txt.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { writeDownloadsIndex } from './downloads-index.mjs';

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

// The zip (fflate): deflated files under one folder, Unix modes in the external attributes (so the start script stays
// executable when unpacked on a Mac or Linux), and a fixed date, so the same input gives the same zip.
const ZIP_DATE = new Date(2025, 8, 20); // local midnight: fflate writes the DOS date and time from local fields
const unix = (mode) => ({ os: 3, attrs: mode * 0x10000 });
// A folder: its Unix mode and MS-DOS's folder bit, stored (nothing to deflate).
const DIRECTORY = { os: 3, attrs: 0o040755 * 0x10000 + 0x10, level: 0 };

const zip = (folder, files) =>
  Buffer.from(
    zipSync(
      {
        [folder]: [
          Object.fromEntries(files.map(({ name, data, mode }) => [name, [data, unix(mode ?? 0o100644)]])),
          DIRECTORY,
        ],
      },
      { level: 9, mtime: ZIP_DATE },
    ),
  );

// Only older zips go: executables from `npm run build:agent` stay on offer until the next one.
await mkdir(downloads, { recursive: true });
for (const file of await readdir(downloads)) {
  if (/\.zip(\.sha256)?$/.test(file)) await rm(new URL(file, downloads));
}
for (const [platform, { start, script }] of Object.entries(PLATFORMS)) {
  const archive = zip('tafrit-agent', [
    { name: 'tafrit-agent.mjs', data: bundle, mode: 0o100755 },
    { name: start, data: Buffer.from(script, 'utf8'), mode: 0o100755 },
    { name: 'README.txt', data: Buffer.from(readme(platform, start), 'utf8') },
  ]);
  const name = downloadName(platform);
  await writeFile(new URL(name, downloads), archive);
  const sha256 = createHash('sha256').update(archive).digest('hex');
  await writeFile(new URL(`${name}.sha256`, downloads), `${sha256}  ${name}\n`);
  console.log(`${fileURLToPath(new URL(name, downloads))}  ${archive.length} bytes  sha256 ${sha256}`);
}
writeDownloadsIndex(fileURLToPath(downloads));
