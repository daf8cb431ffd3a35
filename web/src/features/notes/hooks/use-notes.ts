import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { readNotesFile } from '../utils/read-notes-file.js';
import { INITIAL_NOTES_STATE, notesReducer } from './notes-state.js';
import { useModelGeneration, useRulesGeneration } from './use-notes-generation.js';
import { useNotesSave } from './use-notes-save.js';

/** The notes screen's steps around its state machine ({@link notesReducer}): reading a file, the rules, the save. */
export function useNotes() {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(notesReducer, INITIAL_NOTES_STATE);
  const generate = useRulesGeneration(dispatch);
  const { modelOn, modelCallsLeft, generateByModel } = useModelGeneration(state, dispatch, t);
  const { save, tierLabel, statsLine } = useNotesSave(dispatch, t);

  const chooseFile = async (file: File | null) => {
    if (!file) return;
    dispatch({ type: 'fileReading', name: file.name });
    const read = await readNotesFile(file);
    dispatch(
      read.ok ? { type: 'fileRead', name: file.name, text: read.text } : { type: 'refused', problem: read.problem },
    );
  };

  return {
    state,
    dispatch,
    chooseFile: (file: File | null) => void chooseFile(file),
    generate: () => void generate(state),
    generateByModel: () => void generateByModel(state),
    modelOn,
    modelCallsLeft,
    save: () => void save(state),
    tierLabel,
    statsLine,
  };
}
