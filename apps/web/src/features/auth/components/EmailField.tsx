import { TextField, type TextFieldProps } from '../../../components/ui/TextField.tsx';

/** The email box of every auth form: the right keyboard on a phone, no autocorrect or capitals. */
export function EmailField(
  props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'>,
) {
  return (
    <TextField label="Email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}
