library evm_signer;

export 'src/relay_signer.dart';
