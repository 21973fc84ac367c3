// The system's printer list with the system's commands stood in: what Windows (PowerShell, then wmic) and CUPS print.
import { describe, expect, it } from '@jest/globals';
import { listSystemPrinters, type RunForOutput } from '../src/system-printers.js';

const standIn = (answers: Record<string, string | Error>) => {
  const calls: string[] = [];
  const run: RunForOutput = async (command, args) => {
    calls.push([command, ...args].join(' '));
    const answer = answers[command];
    if (answer === undefined || answer instanceof Error) throw answer ?? new Error(`spawn ${command} ENOENT`);
    return answer;
  };
  return { run, calls };
};

describe('the printers the system knows', () => {
  it('Windows: Get-Printer names, shared ones printable through their share', async () => {
    const { run, calls } = standIn({
      'powershell.exe': 'EPSON TM-T20II Receipt\tKITCHEN\r\nMicrosoft Print to PDF\t\r\n\r\n',
    });
    expect(await listSystemPrinters('win32', run)).toEqual([
      { name: 'EPSON TM-T20II Receipt', spec: 'windows:KITCHEN' },
      { name: 'Microsoft Print to PDF', spec: null },
    ]);
    expect(calls[0]).toMatch(/^powershell\.exe -NoProfile -NonInteractive -Command Get-Printer/);
  });

  it('Windows without PowerShell: wmic lists them', async () => {
    const { run, calls } = standIn({
      'powershell.exe': new Error('not found'),
      wmic: '\r\nNode,Name,ShareName,Shared\r\nCAFE-PC,Xprinter XP-80,XP80,TRUE\r\nCAFE-PC,Fax,,FALSE\r\n',
    });
    expect(await listSystemPrinters('win32', run)).toEqual([
      { name: 'Xprinter XP-80', spec: 'windows:XP80' },
      { name: 'Fax', spec: null },
    ]);
    expect(calls).toEqual([
      expect.stringContaining('powershell.exe'),
      'wmic printer get Name,ShareName,Shared /format:csv',
    ]);
  });

  it('Linux and Mac: lpstat -e names become cups: printers', async () => {
    const { run, calls } = standIn({ lpstat: 'Kitchen_TM_T20\nOffice\n' });
    expect(await listSystemPrinters('linux', run)).toEqual([
      { name: 'Kitchen_TM_T20', spec: 'cups:Kitchen_TM_T20' },
      { name: 'Office', spec: 'cups:Office' },
    ]);
    expect(calls).toEqual(['lpstat -e']);
    expect(await listSystemPrinters('darwin', standIn({ lpstat: 'Star' }).run)).toEqual([
      { name: 'Star', spec: 'cups:Star' },
    ]);
  });

  it('an empty list when the system has no printing commands', async () => {
    expect(await listSystemPrinters('linux', standIn({}).run)).toEqual([]);
    expect(await listSystemPrinters('win32', standIn({}).run)).toEqual([]);
  });
});
