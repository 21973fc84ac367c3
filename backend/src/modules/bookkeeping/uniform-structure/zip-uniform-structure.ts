import { strToU8, zipSync } from 'fflate';
import type { UniformStructureFiles } from './build-uniform-structure.js';
import { renderSummaryHtml } from './summary.js';

/** The printed report's file, at the archive's root so the OPENFRMT folder holds only the instructions' files. */
export const SUMMARY_FILE_NAME = 'SUMMARY.html';

/**
 * One download: the instructions' folder (section 2.2) with INI.TXT, BKMVDATA.TXT and BKMVDATA.zip, the data file
 * compressed as section 2.2 asks (the archive the Tax Authority's simulator takes), plus the printed report. The
 * plain BKMVDATA.TXT beside its archive lets an accountant read the folder without a second unzip; both hold the
 * same bytes.
 */
export function zipUniformStructure(files: UniformStructureFiles): Uint8Array {
  const mtime = new Date(files.summary.producedAt.iso);
  const dataArchive = zipSync({ 'BKMVDATA.TXT': new Uint8Array(files.bkmvdataTxt) }, { level: 9, mtime });
  return zipSync(
    {
      [`${files.directory}/INI.TXT`]: new Uint8Array(files.iniTxt),
      [`${files.directory}/BKMVDATA.TXT`]: new Uint8Array(files.bkmvdataTxt),
      // Already compressed: stored as it is.
      [`${files.directory}/BKMVDATA.zip`]: [dataArchive, { level: 0 }],
      [SUMMARY_FILE_NAME]: strToU8(renderSummaryHtml(files.summary)),
    },
    { level: 9, mtime },
  );
}
