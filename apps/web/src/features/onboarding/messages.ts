/** The dialog texts of the spec (section 8), verbatim: a title and a text each. */
export const ONBOARDING_DIALOGS = {
  dataError: { title: 'Oops...', text: 'Hay un error en la data ingresada. Inténtalo de nuevo.' },
  failure: { title: 'Oops...', text: 'Algo salió mal! Inténtalo más tarde.' },
  companySuccess: {
    title: '¡Registro exitoso!',
    text: 'Datos de la empresa registrados correctamente. Presiona Continuar para agregar al usuario administrador.',
    confirmText: 'Continuar',
  },
  userSuccess: { title: '¡Registro exitoso!', text: 'Datos del Usuario registrados correctamente.' },
} as const;
